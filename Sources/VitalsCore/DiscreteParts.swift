import Foundation

/// What a discrete bucket's average is made of, so that consecutive buckets (whole days)
/// combine into a longer one (a week, a year) with the engine's answer for it.
///
/// Sums and weights add up over a partition of time; what does not is the last instant of
/// each source in a bucket, which the engine holds to the bucket's end but which, in a longer
/// bucket, holds on until that source's next instant. So each source's first instant and last
/// value are kept, and ``combined(_:end:level:)`` extends the held values across the joins.
/// Equal to the engine's longer bucket up to floating-point rounding.
public struct DiscreteParts: Sendable, Hashable {
    /// One source's instants (samples without duration) in the bucket.
    public struct Instants: Sendable, Hashable {
        /// Who sent them: a key the caller chooses, the same in every bucket (a source's row id).
        public var source: Int64
        /// The start of the source's first instant in the bucket.
        public var first: Double
        /// The value of its last instant (held to the bucket's end).
        public var lastValue: Double

        /// A source's instants from the first at `first` to the last one's `lastValue`.
        public init(source: Int64, first: Double, lastValue: Double) {
            self.source = source
            self.first = first
            self.lastValue = lastValue
        }
    }

    /// The samples the average counts (a sample overlapping two buckets counts in each).
    public var count: Int
    /// Their values' plain sum (the average when no sample has weight).
    public var plainSum: Double
    /// Their total weight: seconds held or overlapped, or 1 each for an arithmetic mean.
    public var weight: Double
    /// The weighted sum (of `10^(v/10)` for sound levels).
    public var weighted: Double
    /// Samples with a duration that began before the bucket, so a bucket before it counted them too.
    public var carried: Int
    /// Each source's instants, by source key.
    public var instants: [Instants]

    /// Parts with these totals.
    public init(
        count: Int = 0, plainSum: Double = 0, weight: Double = 0, weighted: Double = 0, carried: Int = 0,
        instants: [Instants] = []
    ) {
        self.count = count
        self.plainSum = plainSum
        self.weight = weight
        self.weighted = weighted
        self.carried = carried
        self.instants = instants
    }

    /// The average these parts give: weighted where anything has weight, else the plain mean;
    /// `nil` without samples. `level`: an equivalent continuous sound level (energetic mean).
    public func average(level: Bool) -> Double? {
        guard count > 0 else { return nil }
        guard weight > 0 else { return plainSum / Double(count) }
        let mean = weighted / weight
        return level ? 10 * log10(mean) : mean
    }

    /// Consecutive buckets' parts, each with its end instant, as one bucket ending at `end`.
    ///
    /// A source's last instant in a bucket holds on past that bucket's end until the source's
    /// next instant in a later bucket, or to `end`: the extension is added to the weights.
    /// The first bucket's `carried` stays (those samples began before the combined bucket).
    public static func combined(
        _ buckets: [(parts: DiscreteParts, end: Double)], end: Double, level: Bool
    ) -> DiscreteParts {
        var result = DiscreteParts(carried: buckets.first?.parts.carried ?? 0)
        var held: [Int64: (value: Double, from: Double)] = [:]
        var firsts: [Int64: Double] = [:]
        func extend(_ value: Double, from start: Double, to stop: Double) {
            let seconds = stop - start
            guard seconds > 0 else { return }
            result.weight += seconds
            result.weighted += seconds * (level ? pow(10, value / 10) : value)
        }
        for bucket in buckets {
            let parts = bucket.parts
            result.count += parts.count
            result.plainSum += parts.plainSum
            result.weight += parts.weight
            result.weighted += parts.weighted
            for instants in parts.instants {
                if let previous = held[instants.source] {
                    extend(previous.value, from: previous.from, to: min(instants.first, end))
                }
                if firsts[instants.source] == nil { firsts[instants.source] = instants.first }
                held[instants.source] = (instants.lastValue, bucket.end)
            }
        }
        for source in held.keys.sorted() {
            let previous = held[source]!
            extend(previous.value, from: previous.from, to: end)
        }
        result.instants = held.map { source, last in
            Instants(source: source, first: firsts[source]!, lastValue: last.value)
        }
        .sorted { $0.source < $1.source }
        return result
    }
}
