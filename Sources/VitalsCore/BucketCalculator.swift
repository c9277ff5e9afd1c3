import Foundation

/// The arithmetic behind ``StatisticsEngine``: spreading values over buckets, merging
/// sources by priority, interval unions, discrete averages. Works on Unix seconds.
struct BucketCalculator {
    /// Bucket edges in seconds, ascending; bucket `i` is `edges[i] ..< edges[i + 1]`.
    let edges: [Double]
    /// The query range in seconds; nothing outside it counts.
    let clip: (lower: Double, upper: Double)

    init(edges: [Double], clip: (Double, Double)) {
        self.edges = edges
        self.clip = clip
    }

    var bucketCount: Int { edges.count - 1 }

    /// The bucket holding instant `t`, or `nil` outside all buckets.
    func bucket(of t: Double) -> Int? {
        guard t >= edges[0], t < edges[edges.count - 1] else { return nil }
        var low = 0
        var high = edges.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if edges[mid] <= t { low = mid } else { high = mid }
        }
        return low
    }

    /// Adds `density` per second over `[a, b)` (already clipped) to each bucket it crosses.
    func spread(_ a: Double, _ b: Double, density: Double, into totals: inout [Double]) {
        guard a < b, var index = bucket(of: a) else { return }
        var cursor = a
        while cursor < b, index < bucketCount {
            let pieceEnd = min(b, edges[index + 1])
            totals[index] += density * (pieceEnd - cursor)
            cursor = pieceEnd
            index += 1
        }
    }

    /// Counts the samples that touch each bucket.
    func countSamples(_ points: [StatisticsPoint], into statistics: inout [Statistics]) {
        for point in points {
            let a = max(point.start, clip.lower)
            let b = min(point.end, clip.upper)
            if point.end <= point.start {
                if point.start >= clip.lower, point.start < clip.upper, let index = bucket(of: point.start) {
                    statistics[index].sampleCount += 1
                }
                continue
            }
            guard a < b, var index = bucket(of: a) else { continue }
            while index < bucketCount, edges[index] < b {
                statistics[index].sampleCount += 1
                index += 1
            }
        }
    }

    /// Cumulative sums with HealthKit's source merging.
    ///
    /// Sources are taken in `sourceOrder`. A sample of a source counts only on the parts of
    /// `[start, end)` that no higher-priority source covers, pro rata; an instant counts only
    /// if no higher-priority source covers it or has an instant at the same moment (the same
    /// minute sent by phone and watch, or under two source strings, counts once). Points must
    /// be sorted by start.
    func mergedSums(_ points: [StatisticsPoint], sourceOrder: [Int]) -> [Double] {
        var totals = [Double](repeating: 0, count: bucketCount)
        var groups = [[StatisticsPoint]](repeating: [], count: (sourceOrder.max() ?? -1) + 1)
        for point in points where Int(point.source) < groups.count {
            groups[Int(point.source)].append(point)
        }
        var covered: [(Double, Double)] = []
        var instants: Set<Double> = []
        for (rank, sourceIndex) in sourceOrder.enumerated() where !groups[sourceIndex].isEmpty {
            let group = groups[sourceIndex]
            var first = 0
            var own: [Double] = []
            for point in group {
                if point.end <= point.start {
                    let t = point.start
                    guard t >= clip.lower, t < clip.upper, let index = bucket(of: t) else { continue }
                    if !Self.covers(covered, t), !instants.contains(t) { totals[index] += point.value }
                    own.append(t)
                    continue
                }
                let a = max(point.start, clip.lower)
                let b = min(point.end, clip.upper)
                guard a < b else { continue }
                let density = point.value / (point.end - point.start)
                while first < covered.count, covered[first].1 <= a { first += 1 }
                var k = first
                var cursor = a
                while cursor < b {
                    if k < covered.count, covered[k].0 <= cursor {
                        cursor = max(cursor, covered[k].1)
                        k += 1
                        continue
                    }
                    let pieceEnd = k < covered.count ? min(b, covered[k].0) : b
                    spread(cursor, pieceEnd, density: density, into: &totals)
                    cursor = pieceEnd
                }
            }
            if rank < sourceOrder.count - 1 {
                covered = Self.union(covered, Self.union(of: group, clip: clip))
                instants.formUnion(own)
            }
        }
        return totals
    }

    /// Seconds covered in each bucket by the union of the points' intervals.
    func coveredSeconds(_ points: [StatisticsPoint]) -> [Double] {
        var totals = [Double](repeating: 0, count: bucketCount)
        for (a, b) in Self.union(of: points, clip: clip) {
            spread(a, b, density: 1, into: &totals)
        }
        return totals
    }

    /// Whether `t` lies in one of the sorted, disjoint half-open intervals.
    static func covers(_ intervals: [(Double, Double)], _ t: Double) -> Bool {
        var low = 0
        var high = intervals.count
        while low < high {
            let mid = (low + high) / 2
            if intervals[mid].1 <= t { low = mid + 1 } else { high = mid }
        }
        return low < intervals.count && intervals[low].0 <= t
    }

    /// The union of the points' positive-length intervals, clipped, sorted and disjoint.
    static func union(of points: [StatisticsPoint], clip: (lower: Double, upper: Double)) -> [(Double, Double)] {
        var sorted = points.compactMap { point -> (Double, Double)? in
            let a = max(point.start, clip.lower)
            let b = min(point.end, clip.upper)
            return a < b ? (a, b) : nil
        }
        if !zip(sorted, sorted.dropFirst()).allSatisfy({ $0.0 <= $1.0 }) {
            sorted.sort { $0.0 < $1.0 }
        }
        var merged: [(Double, Double)] = []
        merged.reserveCapacity(sorted.count)
        for interval in sorted {
            if let last = merged.last, interval.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, interval.1)
            } else {
                merged.append(interval)
            }
        }
        return merged
    }

    /// The union of two sorted, disjoint interval lists.
    static func union(_ lhs: [(Double, Double)], _ rhs: [(Double, Double)]) -> [(Double, Double)] {
        var merged: [(Double, Double)] = []
        merged.reserveCapacity(lhs.count + rhs.count)
        var i = 0
        var j = 0
        while i < lhs.count || j < rhs.count {
            let next: (Double, Double)
            if j >= rhs.count || (i < lhs.count && lhs[i].0 <= rhs[j].0) {
                next = lhs[i]
                i += 1
            } else {
                next = rhs[j]
                j += 1
            }
            if let last = merged.last, next.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, next.1)
            } else {
                merged.append(next)
            }
        }
        return merged
    }
}
