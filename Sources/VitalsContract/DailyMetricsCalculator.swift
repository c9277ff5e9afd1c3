import Foundation
import VitalsCore

/// Computes the daily metrics from statistics, the same way on the phone and the server.
///
/// Each metric is one statistics collection with daily buckets in the user's calendar, so
/// sources are merged as HealthKit merges them (a watch and a phone counting the same steps
/// count once), days run midnight to midnight in the user's zone, and sleep is the union of
/// asleep intervals of the night ending on the day, from noon the day before to noon on the wall
/// clock (two overlapping sleep sources do not double a night, and a night from 23:00 to 07:00
/// belongs wholly to the day it ends on, as the dashboard counts it).
/// The sleep quality score is defined in ``sleepQualityScore(asleepMinutes:inBedMinutes:)``.
/// Where statistics come from is the caller's: a `HealthStore`, or samples held in memory.
public struct DailyMetricsCalculator: Sendable {
    /// Answers one statistics query.
    public typealias StatisticsProvider = @Sendable (StatisticsQuery) async throws -> [Statistics]

    /// The calendar whose days are reported (the user's time zone).
    public var calendar: Calendar

    /// The sample types the metrics read.
    public static let types: [SampleType] = [
        .stepCount, .appleExerciseTime, .appleStandTime, .activeEnergyBurned, .restingHeartRate,
        .heartRateVariabilitySDNN, .sleepAnalysis,
    ]

    public init(calendar: Calendar) { self.calendar = calendar }

    /// Metrics for every day from `first` through `last`, one per day, in order.
    ///
    /// - Parameters:
    ///   - workoutCounts: workouts per day, when the caller knows them; days missing from a
    ///     non-nil dictionary have zero workouts.
    ///   - skipping: types the caller may not read (their metrics stay nil).
    public func metrics(
        from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]? = nil,
        skipping: Set<SampleType> = [],
        statistics: StatisticsProvider
    ) async throws -> [DailyHealthMetrics] {
        var answers: [Reading: [Statistics]] = [:]
        for (reading, query) in queries(from: first, through: last, skipping: skipping) {
            answers[reading] = try await statistics(query)
        }
        return assemble(from: first, through: last, workoutCounts: workoutCounts, answers: answers)
    }

    /// The same metrics computed from samples in memory, with Core's engine, without suspending.
    ///
    /// Sources are ranked by name, so the merge does not depend on the order samples arrive in.
    public func metrics(
        from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]? = nil,
        samples: [Sample]
    ) throws -> [DailyHealthMetrics] {
        try metrics(
            from: first, through: last, workoutCounts: workoutCounts, series: StatisticsSeries.grouping(samples))
    }

    /// The same metrics from each type's ``StatisticsSeries`` (values in canonical units), for
    /// callers that read points without making `Sample` values (a server's stored rows).
    public func metrics(
        from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]? = nil,
        series: [SampleType: StatisticsSeries]
    ) throws -> [DailyHealthMetrics] {
        var answers: [Reading: [Statistics]] = [:]
        for (reading, query) in queries(from: first, through: last, skipping: []) {
            answers[reading] = try series[query.type]?.statistics(query) ?? []
        }
        return assemble(from: first, through: last, workoutCounts: workoutCounts, answers: answers)
    }

    /// What one statistics query reads: a metric type's default values, or the time in bed.
    enum Reading: Hashable {
        case metric(SampleType)
        /// Sleep analysis with every value (in bed, awake, asleep stages): the score's denominator.
        case timeInBed
    }

    /// One statistics query per metric type, plus the time in bed: daily buckets over the days, in the calendar.
    private func queries(
        from first: LocalDate, through last: LocalDate,
        skipping: Set<SampleType>
    ) -> [(Reading, StatisticsQuery)] {
        precondition(first <= last, "the first day must not come after the last")
        let range = DateRange(clampingStart: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
        let nights = nightRange(from: first, through: last)
        var queries = Self.types.filter { !skipping.contains($0) }.map { type in
            let range = type == .sleepAnalysis ? nights : range
            return (
                Reading.metric(type),
                StatisticsQuery(
                    type: type, range: range, interval: .day, anchor: range.start,
                    calendar: calendar, options: Self.option(for: type))
            )
        }
        if !skipping.contains(.sleepAnalysis) {
            queries.append(
                (
                    .timeInBed,
                    StatisticsQuery(
                        type: .sleepAnalysis, range: nights, interval: .day,
                        anchor: nights.start, calendar: calendar, options: .duration,
                        categoryValues: Self.inBedValues)
                ))
        }
        return queries
    }

    /// The nights ending on the days from `first` through `last`: noon the day before the first to
    /// noon on the last, on the wall clock (a DST day's noon too).
    public func nightRange(from first: LocalDate, through last: LocalDate) -> DateRange {
        DateRange(clampingStart: noon(of: first.adding(days: -1)), end: noon(of: last))
    }

    /// 12:00 on the wall clock of `day`.
    func noon(of day: LocalDate) -> Date {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
            ?? day.start(in: calendar).addingTimeInterval(12 * 3600)
    }

    /// The day a bucket reports: the one it ends on (a night's, noon to noon, is the day it ends on).
    private func dayReported(by bucket: Statistics) -> LocalDate {
        LocalDate(containing: bucket.range.end.addingTimeInterval(-0.001), in: calendar)
    }

    private static func option(for type: SampleType) -> StatisticsOptions {
        switch type {
        case .restingHeartRate, .heartRateVariabilitySDNN: .average
        case .sleepAnalysis: .duration
        default: .sum
        }
    }

    /// Days from `first` through `last` filled from the statistics answers.
    private func assemble(
        from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]?,
        answers: [Reading: [Statistics]]
    ) -> [DailyHealthMetrics] {
        var days: [LocalDate: DailyHealthMetrics] = [:]
        var day = first
        while day <= last {
            days[day] = DailyHealthMetrics(date: day)
            if let workoutCounts { days[day]?.workoutsCount = workoutCounts[day] ?? 0 }
            day = day.adding(days: 1)
        }
        for type in Self.types {
            let option = Self.option(for: type)
            for bucket in answers[.metric(type)] ?? [] where bucket.sampleCount > 0 {
                let date = dayReported(by: bucket)
                guard days[date] != nil, let value = bucket.value(for: option) else { continue }
                Self.assign(value, unit: bucket.unit, of: type, to: &days[date]!)
            }
        }
        let timeInBed = Dictionary(
            (answers[.timeInBed] ?? []).map { (dayReported(by: $0), $0) },
            uniquingKeysWith: { first, _ in first })
        for bucket in answers[.metric(.sleepAnalysis)] ?? [] where bucket.sampleCount > 0 {
            let date = dayReported(by: bucket)
            guard days[date] != nil, let asleep = bucket.duration, let inBed = timeInBed[date]?.duration else {
                continue
            }
            days[date]?.sleepQualityScore = Self.sleepQualityScore(asleepMinutes: asleep, inBedMinutes: inBed)
        }
        return days.keys.sorted().map { days[$0]! }
    }

    /// Stores one statistic in its field, in the contract's units.
    private static func assign(
        _ value: Double, unit: HealthUnit?, of type: SampleType, to metrics: inout DailyHealthMetrics
    ) {
        func converted(_ target: HealthUnit) -> Double {
            guard let unit else { return value }
            return (try? Quantity(value, unit).doubleValue(for: target)) ?? value
        }
        switch type {
        case .stepCount: metrics.steps = Int(value.rounded())
        case .appleExerciseTime: metrics.activeMinutes = Int(converted(.minute).rounded())
        case .appleStandTime: metrics.standMinutes = Int(converted(.minute).rounded())
        case .activeEnergyBurned: metrics.activeEnergyBurned = (converted(.kilocalorie) * 10).rounded() / 10
        case .restingHeartRate: metrics.restingHeartRate = (converted(.countPerMinute) * 10).rounded() / 10
        case .heartRateVariabilitySDNN: metrics.hrv = (converted(.millisecond) * 10).rounded() / 10
        case .sleepAnalysis: metrics.sleepMinutes = Int(value.rounded())  // duration statistics are minutes
        default: break
        }
    }
}

extension DailyMetricsCalculator {
    /// A provider that computes statistics from samples in memory with Core's engine.
    ///
    /// Sources are ranked by name, so the merge does not depend on the order samples arrive in.
    public static func inMemory(_ samples: [Sample]) -> StatisticsProvider {
        let series = StatisticsSeries.grouping(samples)
        return { query in try series[query.type]?.statistics(query) ?? [] }
    }
}
