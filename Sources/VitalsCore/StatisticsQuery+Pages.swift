import Foundation

extension StatisticsQuery {
    /// This query cut after its first `count` buckets, and where the rest starts.
    ///
    /// `rest` is the start of bucket `count + 1` when the query has more than `count` buckets,
    /// nil otherwise (then `query` is this one). Asking the same query again from `rest` (same
    /// anchor, calendar and options) gives the remaining buckets: a bucket's statistics depend
    /// only on the samples touching it inside the range, so the pieces' answers, in order, are
    /// the whole query's. What a server does to bound one answer's size.
    public func firstBuckets(_ count: Int) -> (query: StatisticsQuery, rest: Date?) {
        let index = StatisticsEngine.firstBucketIndex(for: self)
        let cut = StatisticsEngine.edge(index + max(1, count), of: self)
        guard cut > range.start, cut < range.end else { return (self, nil) }
        var first = self
        first.range = DateRange(clampingStart: range.start, end: cut)
        return (first, cut)
    }
}
