import Foundation
import VitalsCore
import VitalsServerStorage
import VitalsStore

extension ServerHealthReader {
    /// The statistics of `query` through the repository's per-day cache, or `nil` when the
    /// repository keeps none or the query cannot use it (then the samples answer it).
    ///
    /// Daily queries read their days (``DailyCachePlan``); a discrete type's weeks, months and
    /// periods made of whole days are combined from its days (``DailyCachePlan/composed(_:from:)``).
    /// Workouts and foods are not in the samples table, so they never use it.
    func cachedStatistics(_ query: StatisticsQuery) async throws -> [Statistics]? {
        guard cachesDailyStatistics, let store = repository as? any DailyStatisticsStoring,
            query.type != .workout, query.type != .food
        else { return nil }
        if let days = DailyCachePlan.dayQuery(composing: query) {
            let rows = try await cachedDays(days, needsParts: true, in: store).rows
            if let composed = DailyCachePlan.composed(query, from: rows) { return composed }
        }
        guard DailyCachePlan.usesCache(query) else { return nil }
        return try await cachedDays(query, needsParts: false, in: store).statistics
    }

    /// A daily query's answer from the stored days, the missing ones computed from the samples
    /// and stored unless one of the user's writes came in between.
    private func cachedDays(
        _ query: StatisticsQuery, needsParts: Bool, in store: any DailyStatisticsStoring
    ) async throws
        -> DailyCacheResult
    {
        var plan = DailyCachePlan(query, needsParts: needsParts)
        guard let lookup = plan.lookup else { return try plan.answer() }
        let stored = try await store.storedDays(of: user, type: query.type, variant: plan.variant, starting: lookup)
        for run in try plan.missingRuns(stored: stored.days) {
            let series = try await series(run.query)
            try plan.fill(
                run, statistics: try series.statistics(run.query),
                parts: plan.keepsParts ? try series.discreteParts(run.query) : [])
        }
        let result = try plan.answer()
        if !result.computed.isEmpty {
            // A failure to store costs only the next read's time: the answer stands.
            _ = try? await store.storeDays(
                result.computed, of: user, type: query.type, variant: plan.variant,
                ifEpoch: stored.epoch)
        }
        return result
    }

    /// The user's samples that can touch `query`'s range, from the sources it counts, as a series.
    ///
    /// With every source counting, the repository's series read decodes no samples; a source
    /// filter needs each sample's source and reads them whole.
    func series(_ query: StatisticsQuery) async throws -> StatisticsSeries {
        if query.sources == .all {
            return try await repository.series(
                of: user, type: query.type,
                in: SampleWindow(startingBefore: query.range.end, endingFrom: query.range.start))
        }
        var series = StatisticsSeries()
        let stored = try await repository.samples(
            of: user, type: query.type, startingBefore: query.range.end,
            endingFrom: query.range.start)
        for row in stored {
            guard let sample = row.sample, query.sources.matches(sample.source) else { continue }
            series.append(sample)
        }
        return series
    }
}
