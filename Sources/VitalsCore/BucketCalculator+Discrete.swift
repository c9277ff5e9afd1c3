import Foundation

extension BucketCalculator {
    /// Running totals for one bucket's discrete statistics.
    private struct Accumulator {
        var count = 0
        var plainSum = 0.0
        var weight = 0.0
        var weighted = 0.0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var recent: StatisticsPoint?
        /// Each source's first instant (its start) and last instant (its value), when tracked.
        var instants: [Int32: (first: Double, lastValue: Double)] = [:]

        /// Notes an instant of `point`'s source, in the points' order.
        mutating func note(instant point: StatisticsPoint) {
            instants[point.source] = (instants[point.source]?.first ?? point.start, point.value)
        }

        mutating func add(_ point: StatisticsPoint, weight w: Double, level: Bool) {
            count += 1
            plainSum += point.value
            weight += w
            weighted += w * (level ? pow(10, point.value / 10) : point.value)
            minimum = min(minimum, point.value)
            maximum = max(maximum, point.value)
            if let current = recent {
                if (point.start, point.end) >= (current.start, current.end) { recent = point }
            } else {
                recent = point
            }
        }
    }

    /// Average, minimum, maximum and most recent value per bucket for a discrete type.
    ///
    /// `discreteArithmetic`: a sample belongs to the bucket holding its start; the average is
    /// the plain mean. `discreteTemporallyWeighted` and `discreteEquivalentContinuousLevel`: a
    /// sample belongs to every bucket it overlaps, weighted by the overlap; an instant holds
    /// its value until the same source's next instant (at most to its bucket's end). Level averages are
    /// energetic: `10·log10(mean of 10^(v/10))`. A bucket whose weights are all zero falls back
    /// to the plain mean.
    func discrete(
        _ points: [StatisticsPoint], style: AggregationStyle, options: StatisticsOptions,
        into statistics: inout [Statistics]
    ) {
        let buckets = accumulate(points, style: style, tracksInstants: false)
        let level = style == .discreteEquivalentContinuousLevel
        for index in buckets.indices where buckets[index].count > 0 {
            let bucket = buckets[index]
            if options.contains(.average) {
                if bucket.weight > 0 {
                    let mean = bucket.weighted / bucket.weight
                    statistics[index].average = level ? 10 * log10(mean) : mean
                } else {
                    statistics[index].average = bucket.plainSum / Double(bucket.count)
                }
            }
            if options.contains(.minimum) { statistics[index].minimum = bucket.minimum }
            if options.contains(.maximum) { statistics[index].maximum = bucket.maximum }
            if options.contains(.mostRecent), let recent = bucket.recent {
                statistics[index].mostRecent = recent.value
                statistics[index].mostRecentRange = DateRange(
                    uncheckedStart: Date(timeIntervalSince1970: recent.start),
                    end: Date(timeIntervalSince1970: max(recent.start, recent.end)))
            }
        }
    }

    /// Each bucket's running totals (see ``discrete(_:style:options:into:)`` for which samples
    /// count where), and with `tracksInstants` each source's first and last instant per bucket.
    private func accumulate(_ points: [StatisticsPoint], style: AggregationStyle, tracksInstants: Bool) -> [Accumulator]
    {
        var buckets = [Accumulator](repeating: Accumulator(), count: bucketCount)
        let level = style == .discreteEquivalentContinuousLevel
        if style == .discreteArithmetic {
            for point in points where point.start >= clip.lower && point.start < clip.upper {
                guard let index = bucket(of: point.start) else { continue }
                buckets[index].add(point, weight: 1, level: false)
            }
        } else {
            // Each source's instants hold until that source's next instant, so one source's
            // readings never shorten another's.
            var nextInstant = [Double](repeating: .infinity, count: points.count)
            var following: [Int32: Double] = [:]
            for index in points.indices.reversed() {
                let source = points[index].source
                nextInstant[index] = following[source] ?? .infinity
                if points[index].end <= points[index].start { following[source] = points[index].start }
            }
            for (position, point) in points.enumerated() {
                if point.end <= point.start {
                    guard point.start >= clip.lower, point.start < clip.upper,
                        let index = bucket(of: point.start)
                    else { continue }
                    let holdEnd = min(nextInstant[position], edges[index + 1], clip.upper)
                    buckets[index].add(point, weight: max(0, holdEnd - point.start), level: level)
                    if tracksInstants { buckets[index].note(instant: point) }
                    continue
                }
                let a = max(point.start, clip.lower)
                let b = min(point.end, clip.upper)
                guard a < b, var index = bucket(of: a) else { continue }
                while index < bucketCount, edges[index] < b {
                    let overlap = min(b, edges[index + 1]) - max(a, edges[index])
                    buckets[index].add(point, weight: overlap, level: level)
                    index += 1
                }
            }
        }
        return buckets
    }
}

extension BucketCalculator {
    /// Each bucket's discrete parts (see ``DiscreteParts``); an instant's source is named by
    /// `sourceKeys[point.source]`.
    func discreteParts(_ points: [StatisticsPoint], style: AggregationStyle, sourceKeys: [Int64]) -> [DiscreteParts] {
        let buckets = accumulate(points, style: style, tracksInstants: true)
        var parts = buckets.map { bucket in
            DiscreteParts(
                count: bucket.count, plainSum: bucket.plainSum, weight: bucket.weight, weighted: bucket.weighted,
                instants: bucket.instants.map { source, instants in
                    DiscreteParts.Instants(
                        source: sourceKeys[Int(source)], first: instants.first,
                        lastValue: instants.lastValue)
                }.sorted { $0.source < $1.source })
        }
        for point in points where point.end > point.start {
            let a = max(point.start, clip.lower)
            let b = min(point.end, clip.upper)
            guard a < b, var index = bucket(of: a) else { continue }
            while index < bucketCount, edges[index] < b {
                if edges[index] > point.start { parts[index].carried += 1 }
                index += 1
            }
        }
        return parts
    }
}
