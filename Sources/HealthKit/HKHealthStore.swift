import Foundation

/// Apple documentation: "HKHealthStore". The access point to the (here simulated) HealthKit database.
///
/// Every instance created in a task shares that task's ``HealthKitSimulator/current``
/// database, as every `HKHealthStore` of an app shares the device's Health database.
public final class HKHealthStore: NSObject, @unchecked Sendable {
    let simulator: HealthKitSimulator

    /// Apple documentation: "HKHealthStore" (`init()`).
    public override init() {
        simulator = HealthKitSimulator.current
        super.init()
    }

    /// Apple documentation: "isHealthDataAvailable()".
    public class func isHealthDataAvailable() -> Bool {
        HealthKitSimulator.current.isHealthDataAvailable
    }

    /// Apple documentation: "requestAuthorization(toShare:read:)" (async form; the sets are non-optional).
    public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    )
        async throws
    {
        try simulator.requestAuthorization(share: typesToShare.map(\.identifier), read: typesToRead.map(\.identifier))
    }

    /// Apple documentation: "authorizationStatus(for:)". Share (write) status only; read status is never revealed.
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        simulator.shareStatus(for: type.identifier)
    }

    /// Apple documentation: "statusForAuthorizationRequest(toShare:read:)".
    public func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>,
        read typesToRead: Set<HKObjectType>
    ) async throws
        -> HKAuthorizationRequestStatus
    {
        try simulator.requestStatus(share: typesToShare.map(\.identifier), read: typesToRead.map(\.identifier))
    }

    /// Apple documentation: "save(_:withCompletion:)" (async form, array of objects). All or none.
    public func save(_ objects: [HKObject]) async throws {
        try simulator.save(objects)
    }

    /// Apple documentation: "delete(_:withCompletion:)" (async form, array of objects). Only this app's objects.
    public func delete(_ objects: [HKObject]) async throws {
        try simulator.delete(objects)
    }

    /// Apple documentation: "execute(_:)".
    public func execute(_ query: HKQuery) {
        query.start(in: simulator)
    }

    /// Apple documentation: "stop(_:)".
    public func stop(_ query: HKQuery) {
        query.stop(in: simulator)
    }

    /// Apple documentation: "enableBackgroundDelivery(for:frequency:withCompletion:)" (async form).
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        try simulator.enableBackgroundDelivery(for: type.identifier, frequency: frequency)
    }
}
