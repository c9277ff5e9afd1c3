import Foundation
import HealthKit
import VitalsCore

extension HealthKitHealthStore {
    /// A statistics collection, one entry per bucket of `query`.
    ///
    /// Quantity types go through `HKStatisticsCollectionQueryDescriptor`, so HealthKit merges
    /// sources by the user's priority. HealthKit computes no statistics for category types or
    /// workouts, so their `duration` (the union of intervals, which no priority changes) is
    /// computed here from the samples with Core's engine. Buckets follow the device's calendar
    /// from `query.anchor`; `query.calendar` should be the device's. `sampleCount` is 1 for a
    /// bucket with data and 0 otherwise: HealthKit does not count samples.
    public func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try query.validate()
        let unit = query.type.kind == .quantity ? query.type.canonicalUnit : nil
        let empty = StatisticsEngine.buckets(for: query).map { Statistics(range: $0, unit: unit) }
        guard isActive else {
            logInactive("statistics")
            return QueryResult(empty)
        }
        let key = HealthKitAnswerCache.Key.statistics(query)
        do {
            let result =
                query.type.kind == .quantity
                ? try await quantityStatistics(query, empty: empty) : try await durationStatistics(query)
            cache.store(result, for: key)
            return QueryResult(result)
        } catch {
            return try fallback(
                error, key: key, type: query.type, empty: empty,
                while: "computing statistics of \(query.type.shortName)")
        }
    }

    private func quantityStatistics(_ query: StatisticsQuery, empty: [Statistics]) async throws -> [Statistics] {
        if Self.isCutWindow(query, buckets: empty) { return try await windowStatistics(query) }
        let quantityType = try HealthKitTypeMap.quantityType(for: query.type)
        guard let unitString = query.type.canonicalUnitString,
            let filter = try await healthKitPredicate(
                for: SamplePredicate(query.range, sources: query.sources),
                type: quantityType)
        else { return empty }
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: quantityType, predicate: filter), options: Self.options(query.options),
            anchorDate: query.anchor, intervalComponents: Self.components(query))
        let collection = try await descriptor.result(for: healthStore)
        let unit = HKUnit(from: unitString)
        return empty.map { bucket in
            guard let values = collection.statistics(for: bucket.range.start) else { return bucket }
            var result = Self.statistics(values, in: unit, bucket: bucket)
            if query.options.contains(.separateBySource) {
                result.bySource = (values.sources ?? []).compactMap { source in
                    var own = Self.statistics(values, for: source, in: unit, bucket: bucket)
                    own.bySource = []
                    guard own.sampleCount > 0 else { return nil }
                    return SourceStatistics(
                        source: Source(name: source.name, bundleIdentifier: source.bundleIdentifier),
                        statistics: own)
                }
            }
            return result
        }
    }

    /// Whether `query` is a short window of a discrete type cut from a longer bucket (an
    /// overnight average: a year bucket anchored at a night's start).
    ///
    /// ``StatisticsQuery/range`` cuts off what lies outside it; HealthKit's collection query
    /// only filters samples by its predicate and weighs a time-weighted type's last reading to
    /// the end of the bucket, a year later. Such windows are computed here from the samples.
    static func isCutWindow(_ query: StatisticsQuery, buckets: [Statistics]) -> Bool {
        guard query.type.aggregationStyle != .cumulative, !query.options.contains(.separateBySource),
            query.range.duration <= 2 * 86_400
        else { return false }
        return buckets.contains { $0.range.start < query.range.start || $0.range.end > query.range.end }
    }

    /// A discrete type's statistics from the samples with Core's engine, cut to the range: every
    /// source's readings count (discrete statistics do not merge sources), so HealthKit's order
    /// of sources does not matter.
    private func windowStatistics(_ query: StatisticsQuery) async throws -> [Statistics] {
        let unit = query.type.canonicalUnit
        return try await statisticsFromSamples(query) { sample in
            sample.quantity.flatMap { quantity in unit.flatMap { try? quantity.doubleValue(for: $0) } } ?? 0
        }
    }

    /// Category and workout duration: the union of the samples' intervals in each bucket.
    private func durationStatistics(_ query: StatisticsQuery) async throws -> [Statistics] {
        try await statisticsFromSamples(query) { Double($0.categoryValue ?? 0) }
    }

    /// `query` computed by Core's engine over the samples in its range, each worth `value`, every
    /// source numbered in the order it first appears (its priority then does not matter).
    private func statisticsFromSamples(
        _ query: StatisticsQuery, value: (Sample) -> Double
    ) async throws -> [Statistics] {
        let samples = try await fetchSamples(
            of: query.type, matching: SamplePredicate(query.range, sources: query.sources), limit: nil)
        var sources: [Source] = []
        var index: [Source: Int32] = [:]
        let points = samples.map { sample in
            let position =
                index[sample.source]
                ?? {
                    sources.append(sample.source)
                    index[sample.source] = Int32(sources.count - 1)
                    return Int32(sources.count - 1)
                }()
            return StatisticsPoint(
                start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970,
                value: value(sample), source: position)
        }.sorted { $0.start < $1.start }
        return try StatisticsEngine.compute(query, points: points, sources: sources, priority: Array(sources.indices))
    }

    private static func statistics(_ values: HKStatistics, in unit: HKUnit, bucket: Statistics) -> Statistics {
        var result = bucket
        result.sum = values.sumQuantity()?.doubleValue(for: unit)
        result.average = values.averageQuantity()?.doubleValue(for: unit)
        result.minimum = values.minimumQuantity()?.doubleValue(for: unit)
        result.maximum = values.maximumQuantity()?.doubleValue(for: unit)
        result.mostRecent = values.mostRecentQuantity()?.doubleValue(for: unit)
        result.mostRecentRange = values.mostRecentQuantityDateInterval().map {
            DateRange(clampingStart: $0.start, end: $0.end)
        }
        result.sampleCount = hasValue(result) ? 1 : 0
        return result
    }

    private static func statistics(
        _ values: HKStatistics, for source: HKSource, in unit: HKUnit,
        bucket: Statistics
    ) -> Statistics {
        var result = bucket
        result.sum = values.sumQuantity(for: source)?.doubleValue(for: unit)
        result.average = values.averageQuantity(for: source)?.doubleValue(for: unit)
        result.minimum = values.minimumQuantity(for: source)?.doubleValue(for: unit)
        result.maximum = values.maximumQuantity(for: source)?.doubleValue(for: unit)
        result.mostRecent = values.mostRecentQuantity(for: source)?.doubleValue(for: unit)
        result.sampleCount = hasValue(result) ? 1 : 0
        return result
    }

    private static func hasValue(_ statistics: Statistics) -> Bool {
        [statistics.sum, statistics.average, statistics.minimum, statistics.maximum, statistics.mostRecent]
            .contains { $0 != nil }
    }

    /// Vitals' statistics options as HealthKit's.
    static func options(_ options: StatisticsOptions) -> HKStatisticsOptions {
        var result: HKStatisticsOptions = []
        if options.contains(.sum) { result.insert(.cumulativeSum) }
        if options.contains(.average) { result.insert(.discreteAverage) }
        if options.contains(.minimum) { result.insert(.discreteMin) }
        if options.contains(.maximum) { result.insert(.discreteMax) }
        if options.contains(.mostRecent) { result.insert(.mostRecent) }
        if options.contains(.separateBySource) { result.insert(.separateBySource) }
        return result
    }

    /// The query's interval as HealthKit's interval components (a week is 7 days, as in Apple's examples).
    static func components(_ query: StatisticsQuery) -> DateComponents {
        let count = query.intervalCount
        switch query.interval {
        case .hour: return DateComponents(hour: count)
        case .day: return DateComponents(day: count)
        case .week: return DateComponents(day: 7 * count)
        case .month: return DateComponents(month: count)
        case .year: return DateComponents(year: count)
        }
    }
}
