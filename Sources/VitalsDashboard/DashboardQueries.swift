import Foundation
import VitalsCore
import VitalsInsights

/// The reads the pages make, all through the scope's reader with HealthKit's statistics queries.
///
/// Totals are the same `StatisticsQuery` `vitals stats` and the API run (sources merged by
/// priority, sleep as a union of asleep intervals), over half-open ranges in the scope's
/// calendar, so a page shows exactly what they print for the same data and zone.
struct DashboardQueries: Sendable {
    var scope: DashboardScope
    var reader: any ActivityReader { scope.reader }
    var calendar: Calendar { scope.calendar }

    /// Every sleep-analysis value (in bed, awake, asleep): time in bed is their union, as the API's
    /// sleep-quality denominator counts it (asleep time is in bed even where no in-bed sample covers it).
    static let inBedValues = Set(SleepAnalysisValue.allCases.map(\.rawValue))

    /// The one statistic `option` of `type` over `range`, in one bucket anchored at its start.
    func total(
        _ type: SampleType, _ option: StatisticsOptions, over range: DateRange,
        categoryValues: Set<Int>? = nil
    ) async throws -> Reading {
        let query = StatisticsQuery(
            type: type, range: range, interval: .day, anchor: range.start, calendar: calendar,
            options: option, categoryValues: categoryValues)
        let result = try await reader.statistics(query)
        if result.unreadableTypes.contains(type) { return .unreadable(try await access(to: type)) }
        return Reading(value: result.value.first?.value(for: option))
    }

    /// Hourly buckets of `type` over the day `range` (23 or 25 on a DST change), and whether it was unreadable.
    func hourly(
        _ type: SampleType, _ options: StatisticsOptions, over range: DateRange
    ) async throws
        -> (buckets: [Statistics], isUnreadable: Bool)
    {
        let query = StatisticsQuery(
            type: type, range: range, interval: .hour, anchor: range.start, calendar: calendar,
            options: options)
        let result = try await reader.statistics(query)
        return (result.value, result.unreadableTypes.contains(type))
    }

    /// The night before `day`'s noon: `[noon the day before, noon)` in the calendar.
    func nightWindow(endingOn day: LocalDate) -> DateRange { day.nightWindow(in: calendar) }

    /// The night ending on `day`: asleep (union of asleep stages) and in bed, in minutes.
    func night(endingOn day: LocalDate) async throws -> Night {
        let window = nightWindow(endingOn: day)
        let asleep = try await total(.sleepAnalysis, .duration, over: window)
        let inBed = try await total(.sleepAnalysis, .duration, over: window, categoryValues: Self.inBedValues)
        return Night(window: window, asleep: asleep, inBed: inBed)
    }

    /// The sleep samples of the night ending on `day`, in time order (start, then end).
    func sleepSamples(endingOn day: LocalDate) async throws -> [Sample] {
        let window = nightWindow(endingOn: day)
        let samples = try await reader.samples(of: .sleepAnalysis, matching: SamplePredicate(window)).value
        return samples.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The workouts that start in `range`, oldest first.
    func workouts(startingIn range: DateRange) async throws -> [Sample] {
        try await reader.samples(of: .workout, matching: SamplePredicate(range, options: .strictStartDate)).value
            .sorted { $0.start < $1.start }
    }

    /// Hours with a stand in `range` from `appleStandHour` samples marked stood; `nil` when there
    /// are none. A reported total of a day (a Health Auto Export count of stood hours the app does
    /// not place, metadata `HAEStandHours`) is the day's count instead of its hourly samples.
    func standHours(in range: DateRange) async throws -> Reading {
        let result = try await reader.samples(
            of: .appleStandHour, matching: SamplePredicate(range, options: .strictStartDate))
        if result.unreadableTypes.contains(.appleStandHour) {
            return .unreadable(try await access(to: .appleStandHour))
        }
        return Reading(value: StandHours.count(result.value, in: calendar))
    }

    /// Why `type` may not be read: a local store says (denied, not asked, unavailable); a reader
    /// that is no store (a server user's, where every type is readable) only says it was refused.
    func access(to type: SampleType) async throws -> ReadAccess {
        guard let store = reader as? any HealthStore else { return .denied }
        guard store.isAvailable else { return .unavailable }
        return ReadAccess(status: try await store.authorizationStatus(for: type, access: .read), isAvailable: true)
    }

    /// Whether the store holds anything at all.
    func isEmpty() async throws -> Bool { try await reader.sources(for: nil).isEmpty }
}
