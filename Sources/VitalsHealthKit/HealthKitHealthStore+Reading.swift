import Foundation
import HealthKit
import VitalsCore

extension HealthKitHealthStore {
    /// Samples through `HKSampleQueryDescriptor`, oldest start first; empty when inactive.
    ///
    /// A type the user will not share reads as only this app's samples, with `unreadableTypes`
    /// empty: HealthKit hides read denial. A type never asked about is listed in `unreadableTypes`.
    public func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>
    {
        guard isActive else {
            logInactive("samples")
            return QueryResult([])
        }
        if let limit, limit <= 0 { return QueryResult([]) }
        let key = HealthKitAnswerCache.Key.samples(type, predicate, limit)
        do {
            let found = try await fetchSamples(of: type, matching: predicate, limit: limit)
            cache.store(found, for: key)
            return QueryResult(found)
        } catch {
            return try fallback(error, key: key, type: type, empty: [Sample](), while: "reading \(type.shortName)")
        }
    }

    /// The matching samples, or the HealthKit error.
    func fetchSamples(of type: SampleType, matching predicate: SamplePredicate, limit: Int?) async throws -> [Sample] {
        let sampleType = try HealthKitTypeMap.sampleType(for: type)
        guard let filter = try await healthKitPredicate(for: predicate, type: sampleType) else { return [] }
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.sample(type: sampleType, predicate: filter)],
            sortDescriptors: [SortDescriptor(\.startDate)], limit: limit)
        return try await descriptor.result(for: healthStore).compactMap { HealthKitSampleConverter.sample(from: $0) }
    }

    /// HealthKit's predicate for a Vitals predicate: `predicateForSamples(withStart:end:options:)`,
    /// and for a source filter the matching sources from `HKSourceQuery`. `nil` when no source matches.
    func healthKitPredicate(for predicate: SamplePredicate, type: HKSampleType) async throws -> NSPredicate? {
        var options: HKQueryOptions = []
        if predicate.options.contains(.strictStartDate) { options.insert(.strictStartDate) }
        if predicate.options.contains(.strictEndDate) { options.insert(.strictEndDate) }
        let window = HKQuery.predicateForSamples(withStart: predicate.start, end: predicate.end, options: options)
        if case .all = predicate.sources { return window }
        let filter = predicate.sources
        let matching = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<SourceSet, any Error>) in
            healthStore.execute(
                HKSourceQuery(sampleType: type, samplePredicate: window) { _, sources, error in
                    if let error { return continuation.resume(throwing: error) }
                    let kept = (sources ?? []).filter {
                        filter.matches(Source(name: $0.name, bundleIdentifier: $0.bundleIdentifier))
                    }
                    continuation.resume(returning: SourceSet(sources: kept))
                })
        }
        guard !matching.sources.isEmpty else { return nil }
        return NSCompoundPredicate(andPredicateWithSubpredicates: [
            window, HKQuery.predicateForObjects(from: matching.sources),
        ])
    }

    /// The sources with samples of `type` (of every configured read type when nil), this app first,
    /// then by name: HealthKit does not tell apps the user's source priority.
    public func sources(for type: SampleType?) async throws -> [Source] {
        guard isActive else {
            logInactive("sources")
            return []
        }
        let key = HealthKitAnswerCache.Key.sources(type)
        do {
            var found = Set<Source>()
            for candidate in type.map({ [$0] }) ?? configuration.readTypes.sorted(by: { $0.identifier < $1.identifier })
            {
                let sampleType = try HealthKitTypeMap.sampleType(for: candidate)
                let sources = try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<[Source], any Error>) in
                    healthStore.execute(
                        HKSourceQuery(sampleType: sampleType, samplePredicate: nil) { _, sources, error in
                            if let error { return continuation.resume(throwing: error) }
                            continuation.resume(
                                returning: (sources ?? []).map {
                                    Source(name: $0.name, bundleIdentifier: $0.bundleIdentifier)
                                })
                        })
                }
                found.formUnion(sources)
            }
            let app = appSource.bundleIdentifier
            let ordered = found.sorted { lhs, rhs in
                let left = lhs.belongs(toApp: app), right = rhs.belongs(toApp: app)
                return left != right ? left : (lhs.name, lhs.bundleIdentifier) < (rhs.name, rhs.bundleIdentifier)
            }
            cache.store(ordered, for: key)
            return ordered
        } catch {
            return try fallback(error, key: key, type: type, empty: [Source](), while: "listing sources").value
        }
    }

    /// HealthKit leaves source priority to the user (Health app › data type › Data Sources & Access).
    public func setSourcePriority(_ sources: [String], for type: SampleType) async throws {
        throw VitalsError(
            .readOnly,
            "HealthKit's source priority for \(type.shortName) is set by the user in the "
                + "Health app; apps cannot change it")
    }

    /// The answer when a query failed: an empty answer for a type never asked about, else the
    /// last good answer (or empty) marked stale. Programming errors (unknown types) still throw.
    func fallback<Value: Sendable>(
        _ error: any Error, key: HealthKitAnswerCache.Key, type: SampleType?,
        empty: Value, while action: String
    ) throws -> QueryResult<Value> {
        let mapped = HealthKitErrorMap.vitalsError(error, while: action)
        if mapped.code == .unknownType || mapped.code == .unsupportedStatistics { throw mapped }
        if mapped.code == .authorizationNotDetermined {
            return QueryResult(empty, unreadableTypes: type.map { [$0] } ?? [])
        }
        logger.warning(
            "HealthKit query failed; answering from the cache",
            metadata: [
                "operation": "\(action)", "code": "\(mapped.code)",
            ])
        return QueryResult(cache.value(for: key, as: Value.self) ?? empty, staleBecause: mapped)
    }
}

/// Sources found by an `HKSourceQuery`, handed from HealthKit's queue to the waiting task.
struct SourceSet: @unchecked Sendable {
    let sources: Set<HKSource>
}
