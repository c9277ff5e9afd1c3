import Foundation
import HealthKit
import VitalsCore

extension HealthKitHealthStore {
    /// Changes since `anchor` through `HKAnchoredObjectQueryDescriptor`, one HealthKit anchor per type.
    ///
    /// The returned anchor stands for every type's new `HKQueryAnchor`, kept (secure-coded) in
    /// ``Configuration/anchorFile``, so it works across launches and new store instances.
    /// `types` nil means ``Configuration/readTypes``; an empty set just returns the latest anchor.
    /// A failed type (a locked device) throws, so no anchor moves past changes not seen.
    public func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet {
        let wanted = (types ?? configuration.readTypes).sorted { $0.identifier < $1.identifier }
        guard isActive else {
            logInactive("changes")
            return ChangeSet(added: [], deleted: [], anchor: anchor ?? journal.latest, unreadableTypes: [])
        }
        guard !wanted.isEmpty else {
            return ChangeSet(
                added: [], deleted: [], anchor: max(anchor ?? journal.latest, journal.latest), unreadableTypes: [])
        }
        let previous = journal.anchors(at: anchor)
        var next = previous ?? [:]
        var added: [Sample] = []
        var deleted: [DeletedSample] = []
        var unreadable = Set<SampleType>()
        for type in wanted {
            let sampleType = try HealthKitTypeMap.sampleType(for: type)
            let since = previous?[type.identifier].flatMap(HealthKitAnchorJournal.unarchive)
            let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.sample(type: sampleType)], anchor: since)
            do {
                let result = try await descriptor.result(for: healthStore)
                added += result.addedSamples.compactMap { HealthKitSampleConverter.sample(from: $0) }
                deleted += result.deletedObjects.map { DeletedSample(uuid: $0.uuid, type: type) }
                next[type.identifier] = try HealthKitAnchorJournal.archive(result.newAnchor)
            } catch {
                let mapped = HealthKitErrorMap.vitalsError(error, while: "reading changes of \(type.shortName)")
                guard mapped.code == .authorizationNotDetermined else { throw mapped }
                unreadable.insert(type)
            }
        }
        // Nothing this app can see changed: the old anchors are as good as the new ones.
        let unchanged =
            added.isEmpty && deleted.isEmpty && unreadable.isEmpty
            && wanted.allSatisfy { previous?[$0.identifier] != nil }
        let newAnchor: QueryAnchor
        if unchanged { newAnchor = anchor ?? journal.latest } else { newAnchor = try journal.record(next) }
        return ChangeSet(added: added, deleted: deleted, anchor: newAnchor, unreadableTypes: unreadable)
    }

    /// Types changed in HealthKit, from `HKObserverQuery`s on ``Configuration/readTypes``.
    ///
    /// The first call starts the observer queries (they tell only that a type changed; call
    /// `changes(since:types:)` for what). Every update's completion handler is called once
    /// the change was published. An inactive store's stream stays silent.
    public func changeNotifications() -> AsyncStream<Set<SampleType>> {
        let stream = broadcaster.stream()
        guard isActive else {
            logInactive("changeNotifications")
            return stream
        }
        notifications.withLock { running in
            guard running == nil else { return }
            do {
                let broadcaster = self.broadcaster
                running = try startObserverQueries(for: configuration.readTypes) { broadcaster.publish($0) }
            } catch {
                logger.warning("cannot observe HealthKit changes", metadata: ["error": "\(error)"])
            }
        }
        return stream
    }

    /// Starts one `HKObserverQuery` per type; each update runs `onChange`, then calls HealthKit's
    /// completion handler, which is called on every path, errors included.
    public func startObserverQueries(
        for types: Set<SampleType>,
        onChange: @escaping @Sendable (Set<SampleType>) async -> Void
    ) throws
        -> HealthKitObservation
    {
        var queries: [HKObserverQuery] = []
        let logger = self.logger
        for type in types.sorted(by: { $0.identifier < $1.identifier }) {
            let sampleType = try HealthKitTypeMap.sampleType(for: type)
            let query = HKObserverQuery(sampleType: sampleType, predicate: nil) { _, completionHandler, error in
                let completion = ObserverCompletion(call: completionHandler)
                if let error {
                    logger.warning(
                        "HealthKit observer query failed",
                        metadata: [
                            "type": "\(type.shortName)",
                            "error": "\(HealthKitErrorMap.vitalsError(error, while: "observing"))",
                        ])
                    completion.call()
                    return
                }
                Task {
                    await onChange([type])
                    completion.call()
                }
            }
            healthStore.execute(query)
            queries.append(query)
        }
        return HealthKitObservation(healthStore: healthStore, queries: queries)
    }

    /// Registers background delivery (`enableBackgroundDelivery(for:frequency:)`) so HealthKit
    /// wakes the app for the observer queries; needs the background-delivery entitlement.
    public func enableBackgroundDelivery(for types: Set<SampleType>, frequency: HKUpdateFrequency) async throws {
        guard isActive else {
            logInactive("enableBackgroundDelivery")
            return
        }
        for type in types.sorted(by: { $0.identifier < $1.identifier }) {
            do {
                try await healthStore.enableBackgroundDelivery(
                    for: try HealthKitTypeMap.sampleType(for: type),
                    frequency: frequency)
            } catch {
                throw HealthKitErrorMap.vitalsError(error, while: "enabling background delivery of \(type.shortName)")
            }
        }
    }
}
