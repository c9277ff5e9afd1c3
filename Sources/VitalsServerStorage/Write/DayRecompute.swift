import Foundation
import VitalsContract
import VitalsCore

/// Days whose HEALTHKIT snapshot is recomputed from a user's stored samples (after an ingest).
///
/// Uses Core's statistics as the phone does: sources merged, days in the user's zone, sleep as
/// the union of asleep intervals. The HEALTHKIT day counts HEALTHKIT workouts only, so typed-in
/// (MANUAL) workouts never become device-verified by being counted here.
public struct DayRecompute: Sendable, Hashable {
    /// The days to recompute.
    public var days: Set<LocalDate>
    /// The user's calendar.
    public var calendar: Calendar

    public init(days: Set<LocalDate>, calendar: Calendar) {
        self.days = days
        self.calendar = calendar
    }

    /// The first and last day; nil when there are none.
    public var bounds: (first: LocalDate, last: LocalDate)? {
        guard let first = days.min(), let last = days.max() else { return nil }
        return (first, last)
    }

    /// The instants the days cover.
    public var range: DateRange? {
        guard let (first, last) = bounds else { return nil }
        return DateRange(clampingStart: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
    }

    /// The sample types read.
    public static var types: [SampleType] { DailyMetricsCalculator.types }

    /// Samples are looked for at most this long before the days' start: longer ones are not counted.
    static let longestSample: TimeInterval = 7 * 86_400

    /// The stored samples the days are recomputed from: those that start in ``range`` or at most
    /// ``longestSample`` before it, and do not end before noon the day before it starts (the first
    /// day's night starts then).
    public var window: SampleWindow? {
        guard let range else { return nil }
        return SampleWindow(
            startFrom: range.start.timeIntervalSince1970 - Self.longestSample,
            startBefore: range.end.timeIntervalSince1970,
            endFrom: range.start.timeIntervalSince1970 - Self.nightBefore)
    }

    /// How long before a day's midnight its night may start: noon the day before, and an hour more
    /// for a DST day.
    static let nightBefore: TimeInterval = 13 * 3600

    /// The days a sleep sample's night counts on: each day whose night (noon the day before to
    /// noon) it overlaps, at most a month of them.
    package static func nightDays(of sample: StoredSample, calendar: Calendar) -> [LocalDate] {
        func day(_ date: Date) -> LocalDate {
            let day = LocalDate(containing: date, in: calendar)
            return calendar.component(.hour, from: date) >= 12 ? day.adding(days: 1) : day
        }
        var first = day(sample.start)
        let last = sample.end > sample.start ? day(sample.end.addingTimeInterval(-0.001)) : first
        var days = [first]
        while first < last, days.count <= 31 {
            first = first.adding(days: 1)
            days.append(first)
        }
        return days
    }

    /// The ``types`` by identifier, for reading stored rows.
    static let typesByIdentifier = Dictionary(uniqueKeysWithValues: types.map { ($0.identifier, $0) })

    /// Adds a stored sample of one of ``types`` to its type's series; others are left out.
    static func append(_ sample: StoredSample, to series: inout [SampleType: StatisticsSeries]) {
        guard let type = typesByIdentifier[sample.type] else { return }
        series[type, default: StatisticsSeries()].append(
            start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970,
            value: sample.value, sourceName: sample.sourceName, reported: ReportedTotal.isReported(sample.metadata))
    }

    /// HEALTHKIT patches for the days from each type's samples in ``window`` (stored values are
    /// already canonical) and the HEALTHKIT workouts per day; a day whose samples feed no metric
    /// and that has no workouts gets none.
    public func patches(
        series: [SampleType: StatisticsSeries], healthKitWorkouts: [LocalDate: Int]
    ) throws -> [SnapshotPatch] {
        guard let (first, last) = bounds else { return [] }
        let metrics = try DailyMetricsCalculator(calendar: calendar).metrics(
            from: first, through: last, workoutCounts: healthKitWorkouts, series: series)
        return metrics.filter { day in
            var known = day
            if known.workoutsCount == 0 { known.workoutsCount = nil }
            return days.contains(day.date) && !known.isEmpty
        }.map { SnapshotPatch($0, source: .healthKit) }
    }
}
