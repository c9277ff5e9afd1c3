import Foundation
import GRDB
import VitalsCore

/// A daily statistics answer read through the cache, and the days it computed for storing.
struct DailyCacheAnswer: Sendable {
    /// The answer, equal to ``StatisticsLoader/statistics(_:)`` for the same query.
    var statistics: [Statistics]
    /// Each bucket's row, cached or computed (with its discrete parts when the query asked for them).
    var rows: [DailyStatisticsRow]
    /// Whole days that were computed and may be stored (empty when nothing can be).
    var computed: [DailyStatisticsRow]
    /// The row id of the query's type, when it has one.
    var typeID: Int64?
    /// The rows' variant (see ``DailyStatisticsCache/variant(of:)``).
    var variant: String
    /// The cache epoch the answer was read at.
    var epoch: Int64
}

extension StatisticsLoader {
    /// Runs more than this many separate computations as one span from the first missing day to the last.
    static let maximumRuns = 16

    /// Whether `query` can be answered from cached days: day buckets, no per-source
    /// breakdown, options the type's cached family holds.
    static func usesDailyCache(_ query: StatisticsQuery) -> Bool {
        guard query.interval == .day, query.intervalCount == 1, !query.options.contains(.separateBySource),
              let family = DailyStatisticsCache.family(of: query.type) else { return false }
        return query.options.isSubset(of: family)
    }

    /// The answer to a daily query from cached days, computing the others in this same read.
    ///
    /// A bucket is cached only when it lies wholly inside the query range (a bucket cut by the
    /// range is computed each time) and is at most ``DailyStatisticsCache/longestDay`` long.
    /// Missing buckets are computed over sub-ranges with the query's anchor and calendar:
    /// the engine's result for a bucket depends only on the samples touching it, so each
    /// value equals what one computation over the whole range gives.
    ///
    /// With `needsParts`, a discrete type's cached day without ``DiscreteParts`` (stored before
    /// they were kept) counts as missing. Discrete types' computed days always get their parts.
    func cachedStatistics(_ query: StatisticsQuery, needsParts: Bool = false) throws -> DailyCacheAnswer {
        let cache = DailyStatisticsCache(db)
        let epoch = try cache.epoch()
        let variant = DailyStatisticsCache.variant(of: query)
        let family = DailyStatisticsCache.family(of: query.type) ?? query.options
        let keepsParts = query.type.kind == .quantity && query.type.aggregationStyle.map { $0 != .cumulative } ?? false
        let unit: HealthUnit? = query.type.kind == .quantity ? query.type.canonicalUnit : nil
        let buckets = StatisticsEngine.buckets(for: query)
        let whole = buckets.map {
            $0.start >= query.range.start && $0.end <= query.range.end && $0.duration <= DailyStatisticsCache.longestDay
        }
        let typeID = try Int64.fetchOne(db, sql: "SELECT id FROM types WHERE identifier = ?", arguments: [query.type.identifier])
        var stored: [Double: DailyStatisticsRow] = [:]
        if let typeID, let first = buckets.first, let last = buckets.last {
            stored = try cache.rows(typeID: typeID, variant: variant, startingFrom: first.start.timeIntervalSince1970,
                                    through: last.start.timeIntervalSince1970)
        }
        var days = [DailyStatisticsRow?](repeating: nil, count: buckets.count)
        for (index, bucket) in buckets.enumerated() where whole[index] {
            if let row = stored[bucket.start.timeIntervalSince1970], row.end == bucket.end.timeIntervalSince1970,
               !(needsParts && keepsParts && row.parts == nil) {
                days[index] = row
            }
        }
        let missing = days.indices.filter { days[$0] == nil }
        var computed: [DailyStatisticsRow] = []
        for run in Self.runs(missing: missing) {
            var part = query
            part.options = family
            part.range = try DateRange(start: max(buckets[run.lowerBound].start, query.range.start),
                                       end: min(buckets[run.upperBound].end, query.range.end))
            let (answers, parts) = try compute(part, parts: keepsParts)
            guard answers.count == run.count, !keepsParts || parts.count == run.count else {
                throw VitalsError(.database, "daily statistics did not line up with the query's buckets")
            }
            for (offset, answer) in answers.enumerated() {
                let index = run.lowerBound + offset
                guard answer.range == buckets[index] else {
                    throw VitalsError(.database, "daily statistics did not line up with the query's buckets")
                }
                guard days[index] == nil else { continue }
                let row = DailyStatisticsRow(answer, parts: keepsParts ? parts[offset] : nil)
                days[index] = row
                if whole[index], row.isStorable { computed.append(row) }
            }
        }
        var result: [Statistics] = []
        var rows: [DailyStatisticsRow] = []
        result.reserveCapacity(buckets.count)
        rows.reserveCapacity(buckets.count)
        for (index, bucket) in buckets.enumerated() {
            guard let day = days[index] else {
                throw VitalsError(.database, "a daily statistics bucket was neither cached nor computed")
            }
            result.append(day.statistics(range: bucket, unit: unit, options: query.options))
            rows.append(day)
        }
        return DailyCacheAnswer(statistics: result, rows: rows, computed: typeID == nil ? [] : computed, typeID: typeID,
                                variant: variant, epoch: epoch)
    }

    /// Consecutive missing bucket indices as closed runs; many runs become one covering them all.
    static func runs(missing: [Int]) -> [ClosedRange<Int>] {
        guard let first = missing.first, let last = missing.last else { return [] }
        var runs: [ClosedRange<Int>] = []
        var start = first
        var previous = first
        for index in missing.dropFirst() {
            if index != previous + 1 {
                runs.append(start...previous)
                start = index
            }
            previous = index
        }
        runs.append(start...previous)
        return runs.count > maximumRuns ? [first...last] : runs
    }
}
