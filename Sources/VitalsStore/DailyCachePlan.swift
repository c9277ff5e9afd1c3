import Foundation
package import VitalsCore

/// A daily statistics query answered from stored days where they fit and computed where not,
/// for any store that keeps days (a local store's `daily_statistics`, a server user's).
///
/// The store supplies the stored days of ``lookup`` (``missingRuns(stored:)``), computes each
/// missing run's query with the engine and hands the result back (``fill(_:statistics:parts:)``),
/// then takes the ``answer()`` and stores its ``DailyCacheResult/computed`` days. The plan
/// itself does no I/O, so the rules below hold for every store:
/// - a bucket is taken from or kept in the cache only when it lies wholly inside the query
///   range (a bucket cut by the range is computed each time) and is at most ``longestDay`` long;
/// - missing buckets are computed over sub-ranges with the query's anchor and calendar: the
///   engine's result for a bucket depends only on the samples touching it, so each value equals
///   what one computation over the whole range gives;
/// - with `needsParts`, a discrete type's stored day without ``DiscreteParts`` counts as missing,
///   and discrete types' computed days always get their parts.
package struct DailyCachePlan: Sendable {
    /// One run of consecutive missing buckets and the query that computes them.
    package struct Run: Sendable {
        /// The buckets' indices.
        package var buckets: ClosedRange<Int>
        /// The query to compute: the plan's with the type's whole option family, over the run.
        package var query: StatisticsQuery
    }

    /// The longest bucket kept, in seconds (a 25-hour day fits with room to spare); invalidation
    /// searches this far before a written sample for days that reach it.
    package static let longestDay: Double = 27 * 3600
    /// More than this many separate computations run as one span from the first missing day to the last.
    package static let maximumRuns = 16

    /// The query answered.
    package let query: StatisticsQuery
    /// What besides type and day tells stored rows apart (``variant(of:)``).
    package let variant: String
    /// Whether computed days carry ``DiscreteParts`` (discrete quantity types).
    package let keepsParts: Bool
    private let needsParts: Bool
    private let family: StatisticsOptions
    private let buckets: [DateRange]
    /// The instants each bucket's row is stored under: the bucket, or a window query's range.
    private let keys: [DateRange]
    private let whole: [Bool]
    private var days: [DailyStatisticsRow?]
    private var computed: [DailyStatisticsRow] = []

    /// The plan of a daily `query` (see ``usesCache(_:)``); with `needsParts`, stored discrete days must have parts.
    package init(_ query: StatisticsQuery, needsParts: Bool = false) {
        self.query = query
        self.needsParts = needsParts
        let window = Self.isWindow(query)
        // Window rows are a variant of their own: a window that starts at midnight is not that day.
        variant = (window ? "window;" : "") + Self.variant(of: query)
        family = Self.family(of: query.type) ?? query.options
        keepsParts = query.type.kind == .quantity && query.type.aggregationStyle.map { $0 != .cumulative } ?? false
        buckets = StatisticsEngine.buckets(for: query)
        keys = window ? [query.range] : buckets
        whole = keys.map {
            $0.start >= query.range.start && $0.end <= query.range.end && $0.duration <= Self.longestDay
        }
        days = [DailyStatisticsRow?](repeating: nil, count: buckets.count)
    }

    /// The start instants (seconds since 1970) of the first and last bucket: the stored days to
    /// look up are those starting in this range. `nil` without buckets.
    package var lookup: ClosedRange<Double>? {
        guard let first = keys.first, let last = keys.last else { return nil }
        return first.start.timeIntervalSince1970...last.start.timeIntervalSince1970
    }

    /// Takes the `stored` days (by start instant) that fit whole buckets; returns the runs left to compute.
    package mutating func missingRuns(stored: [Double: DailyStatisticsRow]) throws -> [Run] {
        for (index, key) in keys.enumerated() where whole[index] {
            if let row = stored[key.start.timeIntervalSince1970], row.end == key.end.timeIntervalSince1970,
                !(needsParts && keepsParts && row.parts == nil)
            {
                days[index] = row
            }
        }
        return try Self.runs(missing: days.indices.filter { days[$0] == nil }).map { run in
            var part = query
            part.options = family
            part.range = try DateRange(
                start: max(buckets[run.lowerBound].start, query.range.start),
                end: min(buckets[run.upperBound].end, query.range.end))
            return Run(buckets: run, query: part)
        }
    }

    /// Fills a run's buckets with the engine's answer to its query (and its discrete parts when ``keepsParts``).
    package mutating func fill(_ run: Run, statistics: [Statistics], parts: [DiscreteParts]) throws {
        guard statistics.count == run.buckets.count, !keepsParts || parts.count == run.buckets.count else {
            throw VitalsError(.database, "daily statistics did not line up with the query's buckets")
        }
        for (offset, answer) in statistics.enumerated() {
            let index = run.buckets.lowerBound + offset
            guard answer.range == buckets[index] else {
                throw VitalsError(.database, "daily statistics did not line up with the query's buckets")
            }
            guard days[index] == nil else { continue }
            var row = DailyStatisticsRow(answer, parts: keepsParts ? parts[offset] : nil)
            row.start = keys[index].start.timeIntervalSince1970
            row.end = keys[index].end.timeIntervalSince1970
            days[index] = row
            if whole[index], row.isStorable { computed.append(row) }
        }
    }

    /// The answer once every run is filled: equal to the engine's for the query.
    package func answer() throws -> DailyCacheResult {
        let unit: HealthUnit? = query.type.kind == .quantity ? query.type.canonicalUnit : nil
        var result = DailyCacheResult()
        result.statistics.reserveCapacity(buckets.count)
        result.rows.reserveCapacity(buckets.count)
        for (index, bucket) in buckets.enumerated() {
            guard let day = days[index] else {
                throw VitalsError(.database, "a daily statistics bucket was neither cached nor computed")
            }
            result.statistics.append(day.statistics(range: bucket, unit: unit, options: query.options))
            result.rows.append(day)
        }
        result.computed = computed
        return result
    }

    /// Whether `query` can be answered from cached days: day buckets or one window
    /// (``isWindow(_:)``), no per-source breakdown, options the type's cached family holds.
    package static func usesCache(_ query: StatisticsQuery) -> Bool {
        guard (query.interval == .day && query.intervalCount == 1) || isWindow(query),
            !query.options.contains(.separateBySource), let family = family(of: query.type)
        else { return false }
        return query.options.isSubset(of: family)
    }

    /// Whether `query` asks for one window's statistics: a week, month or year bucket anchored
    /// at the range's start, the range at most ``longestDay`` long (an overnight average over a
    /// night's sleep). Its one bucket's value depends only on the samples inside the range, so
    /// it is kept as a row whose start and end are the range's; invalidation finds it as it
    /// finds a day (any written sample overlapping it deletes it).
    package static func isWindow(_ query: StatisticsQuery) -> Bool {
        guard [.week, .month, .year].contains(query.interval), query.anchor == query.range.start,
            query.range.duration <= longestDay
        else { return false }
        let buckets = StatisticsEngine.buckets(for: query)
        return buckets.count == 1 && buckets[0].start == query.range.start
    }

    /// Consecutive missing bucket indices as closed runs; many runs become one covering them all.
    package static func runs(missing: [Int]) -> [ClosedRange<Int>] {
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

    /// The statistics options a stored day of `type` holds, or nil for types without statistics.
    package static func family(of type: SampleType) -> StatisticsOptions? {
        switch type.kind {
        case .quantity:
            guard let style = type.aggregationStyle else { return nil }
            return style == .cumulative ? .sum : [.average, .minimum, .maximum, .mostRecent]
        case .category, .workout:
            return .duration
        default:
            return nil
        }
    }

    /// What besides type and day tells stored days apart: the category values and the sources that count.
    package static func variant(of query: StatisticsQuery) -> String {
        let values =
            query.effectiveCategoryValues.map { $0.sorted().map { String($0) }.joined(separator: ",") } ?? "any"
        let sources =
            switch query.sources {
            case .all: "all"
            case .source(let bundleIdentifier): "source:" + bundleIdentifier
            case .app(let bundleIdentifier): "app:" + bundleIdentifier
            }
        return "values=\(values);sources=\(sources)"
    }
}

/// A daily statistics answer read through a cache, and the days it computed for storing.
package struct DailyCacheResult: Sendable {
    /// The answer, equal to the engine's for the same query.
    package var statistics: [Statistics] = []
    /// Each bucket's day, stored or computed (with its discrete parts when the query asked for them).
    package var rows: [DailyStatisticsRow] = []
    /// Whole days that were computed and may be stored.
    package var computed: [DailyStatisticsRow] = []
}
