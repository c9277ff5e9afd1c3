import Foundation
import VitalsCore

extension HealthKitSimulator {
    /// The samples an app sees: denied reads show only the app's own samples, as HealthKit hides denial.
    func visibleSamples(of requests: [(HKSampleType, NSPredicate?)]) throws -> [HKSample] {
        try requireAvailable()
        let app = appSource.bundleIdentifier
        return try withState { state in
            if state.isDeviceLocked { throw HKError(.errorDatabaseInaccessible) }
            var result: [HKSample] = []
            for (type, predicate) in requests {
                let allowed = try Self.mayReadOthers(type.identifier, in: state)
                for stored in state.stored where stored.sample.sampleType.identifier == type.identifier {
                    if !allowed, stored.sample.sourceRevision.source.bundleIdentifier != app { continue }
                    if let predicate, !predicate.evaluate(with: stored.sample) { continue }
                    result.append(stored.sample)
                }
            }
            return result
        }
    }

    /// Whether reading others' samples is allowed; never asked about the type at all is an error.
    private static func mayReadOthers(_ identifier: String, in state: State) throws -> Bool {
        if let allowed = state.readAllowed[identifier] { return allowed }
        if state.shareStatus[identifier] != nil { return false }
        throw HKError(.errorAuthorizationNotDetermined)
    }

    /// Samples added and objects deleted after `after`, and the anchor to pass next time.
    func anchoredChanges(
        of requests: [(HKSampleType, NSPredicate?)], after: Int, limit: Int?
    ) throws
        -> (added: [HKSample], deleted: [UUID], anchor: Int)
    {
        try requireAvailable()
        let app = appSource.bundleIdentifier
        return try withState { state in
            if state.isDeviceLocked { throw HKError(.errorDatabaseInaccessible) }
            var added: [Stored] = []
            var deleted: [Tombstone] = []
            for (type, predicate) in requests {
                let allowed = try Self.mayReadOthers(type.identifier, in: state)
                added += state.stored.filter { stored in
                    stored.anchor > after && stored.sample.sampleType.identifier == type.identifier
                        && (allowed || stored.sample.sourceRevision.source.bundleIdentifier == app)
                        && (predicate?.evaluate(with: stored.sample) ?? true)
                }
                deleted += state.tombstones.filter {
                    $0.anchor > after && $0.typeIdentifier == type.identifier && (allowed || $0.bundleIdentifier == app)
                }
            }
            added.sort { $0.anchor < $1.anchor }
            var anchor = max(after, state.counter)
            if let limit, limit > 0, added.count > limit {
                added = Array(added.prefix(limit))
                anchor = added[added.count - 1].anchor
                deleted.removeAll { $0.anchor > anchor }
            }
            return (added.map(\.sample), deleted.sorted { $0.anchor < $1.anchor }.map(\.uuid), anchor)
        }
    }

    /// A statistics collection over the visible samples, merged by the user's source priority.
    func statisticsCollection(
        type: HKSampleType, predicate: NSPredicate?, options: HKStatisticsOptions,
        anchorDate: Date, intervalComponents: DateComponents
    ) throws -> HKStatisticsCollection {
        guard let quantityType = type as? HKQuantityType else { throw HKError(.errorInvalidArgument) }
        let samples = try visibleSamples(of: [(type, predicate)]).compactMap { $0 as? HKQuantitySample }
        let sampleType = SampleType(identifier: type.identifier)
        guard let unit = HKStatistics.canonicalUnit(of: quantityType),
            let interval = Self.period(of: intervalComponents)
        else {
            throw HKError(.errorInvalidArgument)
        }
        let (period, count) = interval
        let template = StatisticsQuery(
            type: sampleType, range: DateRange(clampingStart: anchorDate, end: anchorDate.addingTimeInterval(1)),
            interval: period, intervalCount: count, anchor: anchorDate, calendar: calendar,
            options: Self.coreOptions(options))
        do { try template.validate() } catch { throw HKError(.errorInvalidArgument) }

        let (firstSeen, explicit) = withState { ($0.firstSeen, $0.priority[type.identifier] ?? []) }
        var ranked: [String: RankedSource] = [:]
        for sample in samples {
            let source = sample.sourceRevision.source
            let device = sample.device.map { "\($0.name ?? "") \($0.model ?? "")".lowercased() } ?? ""
            let previous = ranked[source.bundleIdentifier]
            ranked[source.bundleIdentifier] = RankedSource(
                source: Source(name: source.name, bundleIdentifier: source.bundleIdentifier),
                isWatch: (previous?.isWatch ?? false) || device.contains("watch"),
                isPhone: (previous?.isPhone ?? false) || device.contains("iphone"),
                firstSeen: firstSeen.firstIndex(of: source.bundleIdentifier) ?? firstSeen.count)
        }
        let ordered = SourcePriority.order(Array(ranked.values), explicit: explicit).map(\.source)
        var index: [String: Int32] = [:]
        for (position, source) in ordered.enumerated() { index[source.bundleIdentifier] = Int32(position) }
        let points = samples.map { sample in
            StatisticsPoint(
                start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                value: sample.quantity.doubleValue(for: unit),
                source: index[sample.sourceRevision.source.bundleIdentifier] ?? 0)
        }.sorted { $0.start < $1.start }
        return HKStatisticsCollection(quantityType: quantityType, points: points, sources: ordered, template: template)
    }

    /// The calendar period of single-component intervals (`day = 1`, `day = 7`, `month = 1`...).
    static func period(of components: DateComponents) -> (CalendarPeriod, Int)? {
        let candidates: [(Int?, CalendarPeriod)] = [
            (components.year, .year), (components.month, .month), (components.weekOfYear, .week),
            (components.day, .day), (components.hour, .hour),
        ]
        let set = candidates.compactMap { value, period in value.flatMap { $0 > 0 ? (period, $0) : nil } }
        return set.count == 1 ? set[0] : nil
    }

    static func coreOptions(_ options: HKStatisticsOptions) -> StatisticsOptions {
        var core: StatisticsOptions = []
        if options.contains(.cumulativeSum) { core.insert(.sum) }
        if options.contains(.discreteAverage) { core.insert(.average) }
        if options.contains(.discreteMin) { core.insert(.minimum) }
        if options.contains(.discreteMax) { core.insert(.maximum) }
        if options.contains(.mostRecent) { core.insert(.mostRecent) }
        if options.contains(.separateBySource) { core.insert(.separateBySource) }
        return core
    }
}
