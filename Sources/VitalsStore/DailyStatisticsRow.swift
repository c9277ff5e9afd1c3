import Foundation
package import GRDB
package import VitalsCore

/// One cached day of merged statistics: what a day bucket's `Statistics` holds, as stored numbers.
///
/// Day bounds are Unix seconds (as samples are stored, so invalidation compares like with
/// like); the most recent sample's range is kept as seconds since 2001, the form `Date` holds,
/// so it reads back bit for bit.
package struct DailyStatisticsRow: Sendable, Hashable {
    /// The day's start and end, seconds since 1970.
    package var start: Double
    package var end: Double
    package var sampleCount: Int
    package var sum: Double?
    package var average: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var mostRecent: Double?
    /// The most recent sample's range, seconds since 2001.
    package var mostRecentStart: Double?
    package var mostRecentEnd: Double?
    package var duration: Double?
    /// What combining this day with its neighbours needs, for discrete quantity types.
    package var parts: DiscreteParts?

    /// A day from `start` to `end` (seconds since 1970) without samples, its values to be filled in.
    package init(start: Double, end: Double) {
        self.start = start
        self.end = end
        sampleCount = 0
    }

    /// The row of a computed bucket (every option of the type's family computed) and its discrete parts.
    package init(_ statistics: Statistics, parts: DiscreteParts? = nil) {
        self.parts = parts
        start = statistics.range.start.timeIntervalSince1970
        end = statistics.range.end.timeIntervalSince1970
        sampleCount = statistics.sampleCount
        sum = statistics.sum
        average = statistics.average
        minimum = statistics.minimum
        maximum = statistics.maximum
        mostRecent = statistics.mostRecent
        mostRecentStart = statistics.mostRecentRange?.start.timeIntervalSinceReferenceDate
        mostRecentEnd = statistics.mostRecentRange?.end.timeIntervalSinceReferenceDate
        duration = statistics.duration
    }

    /// The columns ``init(row:)`` reads, in its order: what the store's and the server's reads of
    /// `daily_statistics` select.
    package static let columns = """
        day_start, day_end, sample_count, sum, average, minimum, maximum, most_recent, most_recent_start,
        most_recent_end, duration, parts
        """

    /// A row of ``columns``, read by position: statistics reads read many, a hot path.
    package init(row: Row) {
        start = row[0]
        end = row[1]
        sampleCount = row[2]
        sum = row[3]
        average = row[4]
        minimum = row[5]
        maximum = row[6]
        mostRecent = row[7]
        mostRecentStart = row[8]
        mostRecentEnd = row[9]
        duration = row[10]
        parts = (row[11] as Data?).flatMap(Self.decode)
    }

    /// Whether every value survives SQLite unchanged (a NaN would come back as NULL).
    package var isStorable: Bool {
        [sum, average, minimum, maximum, mostRecent, mostRecentStart, mostRecentEnd, duration]
            .allSatisfy { $0?.isFinite ?? true }
    }

    /// The bucket's statistics with only `options` filled in, as the engine answers for them.
    package func statistics(range: DateRange, unit: HealthUnit?, options: StatisticsOptions) -> Statistics {
        var statistics = Statistics(range: range, unit: unit)
        statistics.sampleCount = sampleCount
        if options.contains(.sum) { statistics.sum = sum }
        if options.contains(.average) { statistics.average = average }
        if options.contains(.minimum) { statistics.minimum = minimum }
        if options.contains(.maximum) { statistics.maximum = maximum }
        if options.contains(.mostRecent), let mostRecent, let mostRecentStart, let mostRecentEnd {
            statistics.mostRecent = mostRecent
            statistics.mostRecentRange = try? DateRange(
                start: Date(timeIntervalSinceReferenceDate: mostRecentStart),
                end: Date(timeIntervalSinceReferenceDate: mostRecentEnd))
        }
        if options.contains(.duration) { statistics.duration = duration }
        return statistics
    }
}
