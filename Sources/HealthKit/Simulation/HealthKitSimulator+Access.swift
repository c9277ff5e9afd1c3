import Foundation
import VitalsCore

extension HealthKitSimulator {
    /// Throws what HealthKit throws on a device without it, or a scripted failure.
    func requireAvailable() throws {
        let failure = withState { state -> HKError.Code? in
            if !state.isHealthDataAvailable { return .errorHealthDataUnavailable }
            defer { state.scriptedFailure = nil }
            return state.scriptedFailure
        }
        if let failure { throw HKError(failure) }
    }

    /// Shows the sheet for types not asked about yet; answers stay as given.
    func requestAuthorization(share: [String], read: [String]) throws {
        try requireAvailable()
        if (share + read).contains(where: { SampleType(identifier: $0).kind == .correlation }) {
            throw HKError(.errorInvalidArgument)
        }
        withState { state in
            let newShare = share.filter { state.shareStatus[$0] == nil }
            let newRead = read.filter { state.readAllowed[$0] == nil }
            guard !newShare.isEmpty || !newRead.isEmpty else { return }
            state.promptCount += 1
            for identifier in newShare {
                state.shareStatus[identifier] = state.answers.share ? .sharingAuthorized : .sharingDenied
            }
            for identifier in newRead { state.readAllowed[identifier] = state.answers.read }
        }
    }

    func requestStatus(share: [String], read: [String]) throws -> HKAuthorizationRequestStatus {
        try requireAvailable()
        return withState { state in
            share.allSatisfy { state.shareStatus[$0] != nil } && read.allSatisfy { state.readAllowed[$0] != nil }
                ? .unnecessary : .shouldRequest
        }
    }

    func shareStatus(for identifier: String) -> HKAuthorizationStatus {
        withState { $0.shareStatus[identifier] ?? .notDetermined }
    }

    /// Saves all or none; on a locked device the objects wait until unlock, as HealthKit's temporary file does.
    func save(_ objects: [HKObject]) throws {
        try requireAvailable()
        var samples: [HKSample] = []
        for object in objects {
            guard let sample = object as? HKSample else { throw HKError(.errorInvalidArgument) }
            samples.append(sample)
            if let correlation = sample as? HKCorrelation { samples += correlation.objects }
        }
        let locked = try withState { state -> Bool in
            for sample in samples {
                switch state.shareStatus[sample.sampleType.identifier] ?? .notDetermined {
                case .notDetermined: throw HKError(.errorAuthorizationNotDetermined)
                case .sharingDenied: throw HKError(.errorAuthorizationDenied)
                case .sharingAuthorized: break
                }
                if state.stored.contains(where: { $0.sample.uuid == sample.uuid }) {
                    throw HKError(.errorInvalidArgument)
                }
            }
            if state.isDeviceLocked { state.pending += samples }
            return state.isDeviceLocked
        }
        let revision = HKSourceRevision(
            source: HKSource(name: appSource.name, bundleIdentifier: appSource.bundleIdentifier),
            version: nil)
        for sample in samples { sample.sourceRevision = revision }
        if !locked { commit(added: samples, deleted: []) }
    }

    /// Deletes objects this app saved, leaving tombstones for anchored queries.
    func delete(_ objects: [HKObject]) throws {
        try requireAvailable()
        guard !objects.isEmpty else { throw HKError(.errorInvalidArgument) }
        let app = appSource.bundleIdentifier
        let removed = try withState { state -> [Tombstone] in
            if state.isDeviceLocked { throw HKError(.errorDatabaseInaccessible) }
            var removed: [Tombstone] = []
            for object in objects {
                guard let stored = state.stored.first(where: { $0.sample.uuid == object.uuid }) else {
                    throw HKError(.errorInvalidArgument)
                }
                let type = stored.sample.sampleType.identifier
                guard state.shareStatus[type] == .sharingAuthorized,
                    stored.sample.sourceRevision.source.bundleIdentifier == app
                else {
                    throw HKError(.errorAuthorizationDenied)
                }
                removed.append(Tombstone(anchor: 0, uuid: object.uuid, typeIdentifier: type, bundleIdentifier: app))
            }
            return removed
        }
        commit(added: [], deleted: removed)
    }

    /// Adds and deletes under fresh anchor values, then tells the observers of the types touched.
    func commit(added: [HKSample], deleted: [Tombstone]) {
        let observers = withState { state -> [UncheckedBox<HKObserverQuery>] in
            for sample in added {
                state.counter += 1
                state.stored.append(Stored(anchor: state.counter, sample: sample))
                let bundle = sample.sourceRevision.source.bundleIdentifier
                if !state.firstSeen.contains(bundle) { state.firstSeen.append(bundle) }
            }
            let gone = Set(deleted.map(\.uuid))
            state.stored.removeAll { gone.contains($0.sample.uuid) }
            for tombstone in deleted {
                state.counter += 1
                state.tombstones.append(
                    Tombstone(
                        anchor: state.counter, uuid: tombstone.uuid,
                        typeIdentifier: tombstone.typeIdentifier,
                        bundleIdentifier: tombstone.bundleIdentifier))
            }
            let touched = Set(added.map(\.sampleType.identifier) + deleted.map(\.typeIdentifier))
            let matching = state.observers.values.filter { touched.contains($0.value.sampleType.identifier) }
            state.delivered += matching.count
            return matching
        }
        for observer in observers { deliver(to: observer) }
    }

    /// Calls an observer's handler on another task; counts the completion the app must call.
    private func deliver(to observer: UncheckedBox<HKObserverQuery>) {
        let flag = OnceFlag()
        Task {
            let query = observer.value
            query.updateHandler(
                query,
                { [self] in
                    if flag.claim() { withState { $0.completed += 1 } }
                }, nil)
        }
    }

    func register(_ query: HKObserverQuery) {
        withState { $0.observers[ObjectIdentifier(query)] = UncheckedBox(query) }
    }

    func unregister(_ query: HKObserverQuery) {
        withState { _ = $0.observers.removeValue(forKey: ObjectIdentifier(query)) }
    }

    func enableBackgroundDelivery(for identifier: String, frequency: HKUpdateFrequency) throws {
        try requireAvailable()
        try withState { state in
            guard state.hasBackgroundDeliveryEntitlement else { throw HKError(.errorAuthorizationDenied) }
            // Step count is delivered at most hourly, whatever the app asks for.
            let hourlyAtMost = identifier == "HKQuantityTypeIdentifierStepCount" && frequency == .immediate
            state.backgroundDelivery[identifier] = hourlyAtMost ? .hourly : frequency
        }
    }
}
