import Foundation

/// One sample reduced to what statistics need: times as Unix seconds, a value, a source index.
public struct StatisticsPoint: Sendable, Hashable {
    /// Start, seconds since 1970.
    public var start: Double
    /// End, seconds since 1970 (equal to `start` for an instant).
    public var end: Double
    /// The value in the type's canonical unit (the raw value for category samples).
    public var value: Double
    /// Index into the source list handed to the engine.
    public var source: Int32

    /// Creates a point.
    public init(start: Double, end: Double, value: Double, source: Int32) {
        self.start = start
        self.end = end
        self.value = value
        self.source = source
    }
}

/// Computes statistics collections from samples, the way HealthKit does. Pure: no I/O.
///
/// Cumulative sums merge sources instead of adding them: each sample spreads its value evenly
/// over `[start, end)`; where samples of several sources overlap, only the highest-priority
/// source counts; an instant counts unless a higher-priority source covers it.
public enum StatisticsEngine {
    /// The buckets of `query`: consecutive `[start, end)` periods aligned on its anchor that
    /// overlap its range. A DST day is 23 or 25 hours long.
    public static func buckets(for query: StatisticsQuery) -> [DateRange] {
        boundaries(for: query).adjacentPairs
    }

    /// Computes one `Statistics` per bucket.
    ///
    /// - Parameters:
    ///   - points: the samples of the query's type and sources, sorted by start. Category
    ///     points whose value the query does not count are ignored.
    ///   - sources: what each point's `source` index names.
    ///   - priority: source indices, highest priority first; sources missing from it rank
    ///     after those in it, in index order.
    public static func compute(
        _ query: StatisticsQuery, points: [StatisticsPoint], sources: [Source],
        priority: [Int]
    ) throws(VitalsError) -> [Statistics] {
        try query.validate()
        var points = points
        if query.type.kind == .category, let values = query.effectiveCategoryValues {
            points.removeAll { !values.contains(Int($0.value)) }
        }
        let edges = boundaries(for: query)
        let unit: HealthUnit? = query.type.kind == .quantity ? query.type.canonicalUnit : nil
        let clip = (query.range.start.timeIntervalSince1970, query.range.end.timeIntervalSince1970)
        var result = edges.adjacentPairs.map { Statistics(range: $0, unit: unit) }
        let order = ranked(priority, count: sources.count)
        let wanted = query.options
        let style = query.type.aggregationStyle

        let calculator = BucketCalculator(edges: edges.map(\.timeIntervalSince1970), clip: clip)
        calculator.countSamples(points, into: &result)
        if wanted.contains(.sum) {
            let sums = calculator.mergedSums(points, sourceOrder: order)
            for index in result.indices where result[index].sampleCount > 0 { result[index].sum = sums[index] }
        }
        if wanted.contains(.duration) {
            let covered = calculator.coveredSeconds(points)
            for index in result.indices where result[index].sampleCount > 0 {
                result[index].duration = covered[index] / 60
            }
        }
        if !wanted.isDisjoint(with: [.average, .minimum, .maximum, .mostRecent]), let style {
            calculator.discrete(points, style: style, options: wanted, into: &result)
        }
        if wanted.contains(.separateBySource) {
            for sourceIndex in order {
                let own = points.filter { Int($0.source) == sourceIndex }
                guard !own.isEmpty else { continue }
                var perSource = edges.adjacentPairs.map { Statistics(range: $0, unit: unit) }
                calculator.countSamples(own, into: &perSource)
                if wanted.contains(.sum) {
                    let sums = calculator.mergedSums(own, sourceOrder: [sourceIndex])
                    for index in perSource.indices { perSource[index].sum = sums[index] }
                }
                if wanted.contains(.duration) {
                    let covered = calculator.coveredSeconds(own)
                    for index in perSource.indices { perSource[index].duration = covered[index] / 60 }
                }
                if let style { calculator.discrete(own, style: style, options: wanted, into: &perSource) }
                for index in result.indices where perSource[index].sampleCount > 0 {
                    result[index].bySource.append(
                        SourceStatistics(source: sources[sourceIndex], statistics: perSource[index]))
                }
            }
        }
        return result
    }

    /// Each bucket's ``DiscreteParts`` for a discrete quantity type (empty for other types), so
    /// whole buckets can later be combined into longer ones; `sourceKeys[i]` names source index `i`.
    public static func discreteParts(
        _ query: StatisticsQuery, points: [StatisticsPoint],
        sourceKeys: [Int64]
    ) throws(VitalsError) -> [DiscreteParts] {
        try query.validate()
        guard query.type.kind == .quantity, let style = query.type.aggregationStyle, style != .cumulative else {
            return []
        }
        let edges = boundaries(for: query).map(\.timeIntervalSince1970)
        let calculator = BucketCalculator(
            edges: edges,
            clip: (
                query.range.start.timeIntervalSince1970,
                query.range.end.timeIntervalSince1970
            ))
        return calculator.discreteParts(points, style: style, sourceKeys: sourceKeys)
    }

    /// Bucket edges: `edges[i] ..< edges[i + 1]` is bucket `i`.
    static func boundaries(for query: StatisticsQuery) -> [Date] {
        var index = firstBucketIndex(for: query)
        var edges = [edge(index, of: query)]
        repeat {
            index += 1
            edges.append(edge(index, of: query))
        } while edges[edges.count - 1] < query.range.end
        return edges
    }

    /// The start of bucket `index`: `index × intervalCount` intervals after the anchor.
    static func edge(_ index: Int, of query: StatisticsQuery) -> Date {
        query.calendar.date(byAdding: query.interval.component, value: index * query.intervalCount, to: query.anchor)
            ?? query.anchor
    }

    /// The index of the bucket holding the range's start (counted from the anchor, negative before it).
    static func firstBucketIndex(for query: StatisticsQuery) -> Int {
        let approximate = query.interval.approximateSeconds * Double(query.intervalCount)
        var index = Int((query.range.start.timeIntervalSince(query.anchor) / approximate).rounded(.down))
        while edge(index, of: query) > query.range.start { index -= 1 }
        while edge(index + 1, of: query) <= query.range.start { index += 1 }
        return index
    }

    /// Source indices in priority order, then the unlisted ones in index order.
    static func ranked(_ priority: [Int], count: Int) -> [Int] {
        var seen = Set<Int>()
        var order: [Int] = []
        for index in priority where index >= 0 && index < count && seen.insert(index).inserted {
            order.append(index)
        }
        for index in 0..<count where !seen.contains(index) { order.append(index) }
        return order
    }
}

extension Array where Element == Date {
    /// `[(a, b), (b, c), ...]` as date ranges.
    fileprivate var adjacentPairs: [DateRange] {
        guard count > 1 else { return [] }
        return (0..<(count - 1)).map { DateRange(uncheckedStart: self[$0], end: self[$0 + 1]) }
    }
}
