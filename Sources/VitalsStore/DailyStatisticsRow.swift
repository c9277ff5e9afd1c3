import Foundation
import GRDB
import VitalsCore

/// One cached day of merged statistics: what a day bucket's `Statistics` holds, as stored numbers.
///
/// Day bounds are Unix seconds (as samples are stored, so invalidation compares like with
/// like); the most recent sample's range is kept as seconds since 2001, the form `Date` holds,
/// so it reads back bit for bit.
struct DailyStatisticsRow: Sendable, Hashable {
    /// The day's start and end, seconds since 1970.
    var start: Double
    var end: Double
    var sampleCount: Int
    var sum: Double?
    var average: Double?
    var minimum: Double?
    var maximum: Double?
    var mostRecent: Double?
    /// The most recent sample's range, seconds since 2001.
    var mostRecentStart: Double?
    var mostRecentEnd: Double?
    var duration: Double?
    /// What combining this day with its neighbours needs, for discrete quantity types.
    var parts: DiscreteParts?

    /// The row of a computed bucket (every option of the type's family computed) and its discrete parts.
    init(_ statistics: Statistics, parts: DiscreteParts? = nil) {
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

    /// A row as `DailyStatisticsCache.rows` selects it.
    init(row: Row) {
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
    var isStorable: Bool {
        [sum, average, minimum, maximum, mostRecent, mostRecentStart, mostRecentEnd, duration]
            .allSatisfy { $0?.isFinite ?? true }
    }

    /// The bucket's statistics with only `options` filled in, as the engine answers for them.
    func statistics(range: DateRange, unit: HealthUnit?, options: StatisticsOptions) -> Statistics {
        var statistics = Statistics(range: range, unit: unit)
        statistics.sampleCount = sampleCount
        if options.contains(.sum) { statistics.sum = sum }
        if options.contains(.average) { statistics.average = average }
        if options.contains(.minimum) { statistics.minimum = minimum }
        if options.contains(.maximum) { statistics.maximum = maximum }
        if options.contains(.mostRecent), let mostRecent, let mostRecentStart, let mostRecentEnd {
            statistics.mostRecent = mostRecent
            statistics.mostRecentRange = try? DateRange(start: Date(timeIntervalSinceReferenceDate: mostRecentStart),
                                                        end: Date(timeIntervalSinceReferenceDate: mostRecentEnd))
        }
        if options.contains(.duration) { statistics.duration = duration }
        return statistics
    }
}
