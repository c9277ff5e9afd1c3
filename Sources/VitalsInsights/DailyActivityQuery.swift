import Foundation
import Logging
import VitalsCore

/// Mindfulness minutes, workout minutes and the NoAlc level per local day: the one query both the
/// calendar and the streaks call, so what you see is what gets counted.
///
/// - Sources: by default only this app and its extensions (`.app(bundleIdentifier:)`); with
///   `.all` every source counts and the report says the sources are mixed.
/// - Days: a session belongs to the day it started on (`strictStartDate`), in the time zone it
///   was recorded in (`HKTimeZone` metadata, which the logging methods write) and otherwise in the
///   calendar's zone; so a trip abroad does not move past days. DST days are 23 or 25 hours.
/// - Authorization: types that may not be read are left `nil` and listed in the report.
public struct DailyActivityQuery: HealthQuery {
    /// Days are local days of this calendar (the user's time zone).
    public var calendar: Calendar
    /// Which sources count.
    public var sources: SourceFilter
    /// What to read.
    public var activities: Set<TrackedActivity>

    /// Creates the query.
    public init(
        calendar: Calendar, sources: SourceFilter,
        activities: Set<TrackedActivity> = Set(TrackedActivity.allCases)
    ) {
        self.calendar = calendar
        self.sources = sources
        self.activities = activities
    }

    /// The query for `store`'s own samples (its app and extensions), or every source when `allSources`.
    public static func forApp(
        of store: any HealthStore, calendar: Calendar, allSources: Bool = false,
        activities: Set<TrackedActivity> = Set(TrackedActivity.allCases)
    ) -> DailyActivityQuery {
        DailyActivityQuery(
            calendar: calendar,
            sources: allSources ? .all : .app(bundleIdentifier: store.appSource.bundleIdentifier),
            activities: activities)
    }

    /// The sample predicate for the days overlapping `[from, to)`: samples starting in that span
    /// widened by two days either side, since a sample recorded in another zone can belong to a
    /// day its instant lies outside of; ``report(days:store:)`` then keeps each sample's own day.
    public func predicate(from: Date, to: Date) -> SamplePredicate {
        let first = LocalDate(containing: from, in: calendar)
        let last = LocalDate(containing: max(from, to.addingTimeInterval(-0.001)), in: calendar)
        return predicate(days: first...last)
    }

    /// The predicate for a span of days (see ``predicate(from:to:)``).
    public func predicate(days: ClosedRange<LocalDate>) -> SamplePredicate {
        SamplePredicate(
            start: days.lowerBound.adding(days: -2).start(in: calendar),
            end: days.upperBound.adding(days: 3).start(in: calendar),
            options: .strictStartDate, sources: sources)
    }

    /// One entry per local day overlapping `[from, to)`; `[]` when the store is unavailable or fails (logged).
    public func fetch(from: Date, to: Date, store: any HealthStore) async -> [DailyActivity] {
        await fetch(from: from, to: to, store: store, logger: QueryFailureLog.logger)
    }

    /// One entry per local day overlapping `[from, to)`; a failure is logged to `logger` and answered with `[]`.
    public func fetch(from: Date, to: Date, store: any HealthStore, logger: Logger) async -> [DailyActivity] {
        guard to > from, store.isAvailable else { return [] }
        let first = LocalDate(containing: from, in: calendar)
        let last = LocalDate(containing: to.addingTimeInterval(-0.001), in: calendar)
        return await QueryFailureLog.recovering(Self.self, logger: logger) {
            try await report(days: first...last, store: store).days
        }
    }

    /// The days `days`, oldest first, with what may be read. Throws when the store is unavailable
    /// or fails without a cached answer.
    public func report(days: ClosedRange<LocalDate>, store: any HealthStore) async throws -> DailyActivityReport {
        guard store.isAvailable else {
            throw VitalsError(.unavailable, "the health store is unavailable on this device")
        }
        return try await report(days: days, reader: store)
    }

    /// The days `days`, oldest first, with what may be read, through any reader (a server user's
    /// view, the dashboard's scope): the same samples, predicate and day rule as the store's report.
    public func report(days: ClosedRange<LocalDate>, reader store: any HealthReader) async throws -> DailyActivityReport
    {
        let count = days.lowerBound.days(to: days.upperBound) + 1
        var entries = (0..<count).map { offset -> DailyActivity in
            let day = days.lowerBound.adding(days: offset)
            return DailyActivity(day: day, range: day.range(in: calendar))
        }
        var report = DailyActivityReport(days: [], activities: activities, sourcesAreMixed: sources.mayMixSources)
        var contributing: [Source] = []
        let predicate = predicate(days: days)
        var zones = DayResolver(calendar: calendar)
        for activity in TrackedActivity.allCases where activities.contains(activity) {
            let result = try await store.samples(of: activity.sampleType, matching: predicate)
            if let stale = result.staleBecause { report.staleBecause = stale }
            if result.unreadableTypes.contains(activity.sampleType) {
                report.unreadableTypes.insert(activity.sampleType)
                continue
            }
            for index in entries.indices { entries[index].setZero(activity) }
            for sample in result.value {
                let index = days.lowerBound.days(to: zones.day(of: sample))
                guard entries.indices.contains(index) else { continue }
                entries[index].add(sample, as: activity)
                if !contributing.contains(sample.source) { contributing.append(sample.source) }
            }
        }
        report.days = entries
        report.sources = contributing.sorted { ($0.name, $0.bundleIdentifier) < ($1.name, $1.bundleIdentifier) }
        return report
    }
}

extension DailyActivity {
    /// Marks a readable activity as read: 0 minutes until samples add some.
    mutating func setZero(_ activity: TrackedActivity) {
        switch activity {
        case .mindfulness: mindfulnessMinutes = 0
        case .workout: workoutMinutes = 0
        case .noalc: break
        }
    }

    /// Counts one sample of `activity` on this day.
    mutating func add(_ sample: Sample, as activity: TrackedActivity) {
        switch activity {
        case .mindfulness: mindfulnessMinutes = (mindfulnessMinutes ?? 0) + sample.duration / 60
        case .workout: workoutMinutes = (workoutMinutes ?? 0) + sample.duration / 60
        case .noalc:
            let level = NoAlcLevel(storedCount: sample.quantity?.value ?? 0)
            if noAlc.map({ level.rawValue > $0.rawValue }) ?? true { noAlc = level }
        }
    }
}
