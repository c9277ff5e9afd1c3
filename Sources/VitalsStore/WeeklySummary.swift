public import Foundation
public import VitalsCore

/// One week of a store at a glance: what `vitals demo` prints.
public struct WeeklySummary: Sendable, Hashable {
    /// The week, Monday 00:00 to the next Monday 00:00.
    public var week: DateRange
    /// Steps with overlapping sources merged.
    public var steps: Double
    /// Steps if every source were simply added (what merging avoids).
    public var stepsAdded: Double
    /// Average asleep hours per night (union of stages).
    public var sleepHoursPerNight: Double
    /// Minutes of workouts.
    public var workoutMinutes: Double
    /// Active energy of workouts, kcal.
    public var workoutKilocalories: Double
    /// Minutes of mindfulness.
    public var mindfulMinutes: Double
    /// Days logged alcohol-free.
    public var alcoholFreeDays: Int

    /// Summarises each week of `range` (which should start on a week boundary of `calendar`).
    public static func compute(
        _ store: any HealthStore, range: DateRange, calendar: Calendar
    ) async throws -> [WeeklySummary] {
        func weekly(_ type: SampleType, _ options: StatisticsOptions) async throws -> [Statistics] {
            try await store.statistics(
                StatisticsQuery(
                    type: type, range: range, interval: .week, anchor: range.start,
                    calendar: calendar, options: options)
            ).value
        }
        let steps = try await weekly(.stepCount, [.sum, .separateBySource])
        let sleep = try await weekly(.sleepAnalysis, .duration)
        let workouts = try await store.samples(
            of: .workout, matching: SamplePredicate(range, options: .strictStartDate)
        ).value
        let mindful = try await weekly(.mindfulSession, .duration)
        let alcohol = try await store.samples(
            of: .numberOfAlcoholicBeverages,
            matching: SamplePredicate(range, options: .strictStartDate)
        ).value
        return steps.indices.map { index in
            let week = steps[index].range
            let weekWorkouts = workouts.filter { week.contains($0.start) }
            return WeeklySummary(
                week: week, steps: steps[index].sum ?? 0,
                stepsAdded: steps[index].bySource.reduce(0) { $0 + ($1.statistics.sum ?? 0) },
                sleepHoursPerNight: (sleep[index].duration ?? 0) / 60 / 7,
                workoutMinutes: weekWorkouts.reduce(0) { $0 + $1.duration / 60 },
                workoutKilocalories: weekWorkouts.reduce(0) {
                    $0 + ($1.workout?.statistics(for: .activeEnergyBurned)?.sum ?? 0)
                },
                mindfulMinutes: mindful[index].duration ?? 0,
                alcoholFreeDays: alcohol.filter { week.contains($0.start) && ($0.quantity?.value ?? 1) == 0 }.count)
        }
    }
}
