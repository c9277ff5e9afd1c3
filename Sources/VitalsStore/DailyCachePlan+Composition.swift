import Foundation
package import VitalsCore

extension DailyCachePlan {
    /// The daily query whose cached days make up `query`'s buckets, when there is one.
    ///
    /// That is a discrete quantity type's average, minimum, maximum or most recent value (no
    /// per-source breakdown) in buckets longer than a day (`intervalCount` days, weeks, months,
    /// years) anchored at a local midnight, over a range from midnight to midnight: then each
    /// bucket is a run of whole days, and its statistics are those days' combined
    /// (``DiscreteParts``). Daily queries themselves read the cache directly.
    package static func dayQuery(composing query: StatisticsQuery) -> StatisticsQuery? {
        guard query.type.kind == .quantity, let style = query.type.aggregationStyle, style != .cumulative,
            !query.options.isEmpty, query.options.isSubset(of: [.average, .minimum, .maximum, .mostRecent]),
            query.interval != .hour, !(query.interval == .day && query.intervalCount == 1)
        else { return nil }
        let calendar = query.calendar
        for instant in [query.anchor, query.range.start, query.range.end]
        where calendar.startOfDay(for: instant) != instant {
            return nil
        }
        var days = query
        days.interval = .day
        days.intervalCount = 1
        days.options = family(of: query.type) ?? query.options
        return days
    }

    /// `query`'s buckets combined from its day query's rows (``dayQuery(composing:)``), or
    /// `nil` when the days do not tile the buckets (then the engine answers from samples).
    ///
    /// Counts, minimum, maximum and most recent are exact; the average equals the engine's up
    /// to floating-point rounding (the same sums added in another order).
    package static func composed(_ query: StatisticsQuery, from days: [DailyStatisticsRow]) -> [Statistics]? {
        guard let style = query.type.aggregationStyle else { return nil }
        let level = style == .discreteEquivalentContinuousLevel
        let lower = query.range.start.timeIntervalSince1970
        let upper = query.range.end.timeIntervalSince1970
        var next = days.startIndex
        var result: [Statistics] = []
        for bucket in StatisticsEngine.buckets(for: query) {
            let start = max(bucket.start.timeIntervalSince1970, lower)
            let end = min(bucket.end.timeIntervalSince1970, upper)
            var run: [DailyStatisticsRow] = []
            var reached = start
            while next < days.endIndex, days[next].start == reached, days[next].end <= end {
                run.append(days[next])
                reached = days[next].end
                next += 1
            }
            guard reached == end, !run.isEmpty || start == end else { return nil }
            result.append(combine(run, range: bucket, end: end, type: query.type, options: query.options, level: level))
        }
        return next == days.endIndex ? result : nil
    }

    /// One bucket's statistics from its whole days, in order.
    private static func combine(
        _ run: [DailyStatisticsRow], range: DateRange, end: Double, type: SampleType,
        options: StatisticsOptions, level: Bool
    ) -> Statistics {
        var statistics = Statistics(range: range, unit: type.canonicalUnit)
        var parts: [(parts: DiscreteParts, end: Double)] = []
        for row in run {
            guard let dayParts = row.parts else { return statistics }
            parts.append((dayParts, row.end))
        }
        let whole = DiscreteParts.combined(parts, end: end, level: level)
        statistics.sampleCount =
            run.reduce(0) { $0 + $1.sampleCount } - parts.dropFirst().reduce(0) { $0 + $1.parts.carried }
        guard whole.count > 0 else { return statistics }
        if options.contains(.average) { statistics.average = whole.average(level: level) }
        if options.contains(.minimum) { statistics.minimum = run.compactMap(\.minimum).min() }
        if options.contains(.maximum) { statistics.maximum = run.compactMap(\.maximum).max() }
        if options.contains(.mostRecent) {
            var latest: DailyStatisticsRow?
            for row in run where row.mostRecent != nil {
                if let current = latest,
                    (row.mostRecentStart ?? 0, row.mostRecentEnd ?? 0) < (
                        current.mostRecentStart ?? 0, current.mostRecentEnd ?? 0
                    )
                {
                    continue
                }
                latest = row
            }
            if let latest {
                let recent = latest.statistics(range: range, unit: type.canonicalUnit, options: .mostRecent)
                statistics.mostRecent = recent.mostRecent
                statistics.mostRecentRange = recent.mostRecentRange
            }
        }
        return statistics
    }
}
