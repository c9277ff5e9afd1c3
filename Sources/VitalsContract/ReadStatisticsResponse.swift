import Foundation
import VitalsCore

/// `GET /api/v1/statistics`' answer: one bucket per period of the query, oldest first.
///
/// A bucket has the values asked for (absent where no sample touched it, as in HealthKit) in
/// `unit` (durations in minutes), and with `separateBySource` each source's own values in
/// priority order. At most ``ReadAPI/maximumBuckets`` (or the request's `limit`) buckets come in
/// one answer; `nextFrom` is then the start of the next bucket, to ask again from (same anchor).
public struct ReadStatisticsResponse: Sendable, Hashable, Codable {
    /// One bucket's statistics (``VitalsCore/Statistics``).
    public struct Bucket: Sendable, Hashable, Codable {
        /// The bucket, `[start, end)`.
        public var start: Date
        public var end: Date
        /// The unit of the quantity values (the type's canonical unit); absent for category types.
        public var unit: String?
        public var sum: Double?
        public var average: Double?
        public var minimum: Double?
        public var maximum: Double?
        public var mostRecent: Double?
        /// The time range of the most recent sample.
        public var mostRecentStart: Date?
        public var mostRecentEnd: Date?
        /// Minutes covered (category types).
        public var duration: Double?
        /// How many samples touched the bucket.
        public var sampleCount: Int
        /// Each source's statistics in priority order, with `separateBySource`; absent otherwise.
        public var bySource: [SourceBucket]?

        /// The wire form of `statistics`.
        public init(_ statistics: Statistics) {
            start = statistics.range.start
            end = statistics.range.end
            unit = statistics.unit?.unitString
            sum = statistics.sum
            average = statistics.average
            minimum = statistics.minimum
            maximum = statistics.maximum
            mostRecent = statistics.mostRecent
            mostRecentStart = statistics.mostRecentRange?.start
            mostRecentEnd = statistics.mostRecentRange?.end
            duration = statistics.duration
            sampleCount = statistics.sampleCount
            bySource =
                statistics.bySource.isEmpty
                ? nil : statistics.bySource.map { SourceBucket(source: $0.source, statistics: Bucket($0.statistics)) }
        }

        /// The statistics this bucket describes; throws `.invalidUnit` for a unit this version cannot read.
        public func statistics() throws(VitalsError) -> Statistics {
            var parsedUnit: HealthUnit?
            if let unit { parsedUnit = try HealthUnit(parsing: unit) }
            var statistics = Statistics(range: DateRange(clampingStart: start, end: end), unit: parsedUnit)
            statistics.sum = sum
            statistics.average = average
            statistics.minimum = minimum
            statistics.maximum = maximum
            statistics.mostRecent = mostRecent
            if let mostRecentStart, let mostRecentEnd {
                statistics.mostRecentRange = DateRange(clampingStart: mostRecentStart, end: mostRecentEnd)
            }
            statistics.duration = duration
            statistics.sampleCount = sampleCount
            for share in bySource ?? [] {
                statistics.bySource.append(
                    SourceStatistics(source: share.source, statistics: try share.statistics.statistics()))
            }
            return statistics
        }
    }

    /// One source's share of a bucket.
    public struct SourceBucket: Sendable, Hashable, Codable {
        public var source: Source
        /// Its statistics (without `bySource`).
        public var statistics: Bucket

        public init(source: Source, statistics: Bucket) {
            self.source = source
            self.statistics = statistics
        }
    }

    /// The buckets, oldest first.
    public var buckets: [Bucket]
    /// Where the next bucket starts when this answer stops short of the query's end; nil otherwise.
    public var nextFrom: Date?

    public init(buckets: [Bucket], nextFrom: Date? = nil) {
        self.buckets = buckets
        self.nextFrom = nextFrom
    }

    /// The answer for `statistics`, continued from `nextFrom`.
    public init(_ statistics: [Statistics], nextFrom: Date?) {
        self.init(buckets: statistics.map(Bucket.init), nextFrom: nextFrom)
    }

    /// The statistics the buckets describe, in order.
    public func statistics() throws(VitalsError) -> [Statistics] {
        var result: [Statistics] = []
        result.reserveCapacity(buckets.count)
        for bucket in buckets { result.append(try bucket.statistics()) }
        return result
    }
}
