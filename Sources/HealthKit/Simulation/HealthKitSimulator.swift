import Foundation
import VitalsCore

/// The scriptable in-memory Health database behind this Linux stand-in for HealthKit.
///
/// Not part of Apple's HealthKit: tests use it to play the user and the device (answer the
/// permission sheet, revoke a permission in Settings, lock the phone, add data from a watch or
/// another app). `HKHealthStore()` binds to the task's ``current`` simulator, so parallel tests
/// each get their own database with `HealthKitSimulator.$current.withValue(...)`.
public final class HealthKitSimulator: @unchecked Sendable {
    /// The simulator `HKHealthStore()`, `HKSource.default()` and `isHealthDataAvailable()` use.
    @TaskLocal public static var current = HealthKitSimulator()

    /// A stored object and the change counter value that added it.
    struct Stored {
        let anchor: Int
        let sample: HKSample
    }

    /// A deletion as anchored queries report it.
    struct Tombstone {
        let anchor: Int
        let uuid: UUID
        let typeIdentifier: String
        let bundleIdentifier: String
    }

    struct State {
        var isHealthDataAvailable = true
        var isDeviceLocked = false
        var hasBackgroundDeliveryEntitlement = true
        var counter = 0
        var stored: [Stored] = []
        var tombstones: [Tombstone] = []
        var pending: [HKSample] = []
        var shareStatus: [String: HKAuthorizationStatus] = [:]
        var readAllowed: [String: Bool] = [:]
        var answers = (share: true, read: true)
        var promptCount = 0
        var firstSeen: [String] = []
        var priority: [String: [String]] = [:]
        var observers: [ObjectIdentifier: UncheckedBox<HKObserverQuery>] = [:]
        var backgroundDelivery: [String: HKUpdateFrequency] = [:]
        var delivered = 0
        var completed = 0
        var scriptedFailure: HKError.Code?
    }

    let lock = NSLock()
    var state = State()
    /// The app the simulated device runs (`HKSource.default()`).
    public let appSource: Source
    /// The device's calendar: statistics intervals follow it, as on a phone.
    public let calendar: Calendar

    /// A fresh, empty database on an available, unlocked device, with nothing authorized yet.
    public init(
        app: Source = Source(name: "Vitals", bundleIdentifier: "dev.vitals.app"),
        calendar: Calendar = Calendar.gregorian(in: .current)
    ) {
        appSource = app
        self.calendar = calendar
    }

    func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Whether the device supports HealthKit (false models an iPad before iPadOS 17).
    public var isHealthDataAvailable: Bool {
        get { withState { $0.isHealthDataAvailable } }
        set { withState { $0.isHealthDataAvailable = newValue } }
    }

    /// Whether the device is locked: queries fail, saves wait in a temporary file until unlock.
    public var isDeviceLocked: Bool {
        get { withState { $0.isDeviceLocked } }
        set {
            let merged = withState { state -> [HKSample] in
                state.isDeviceLocked = newValue
                guard !newValue else { return [] }
                defer { state.pending = [] }
                return state.pending
            }
            if !merged.isEmpty { commit(added: merged, deleted: []) }
        }
    }

    /// Whether the app has the `com.apple.developer.healthkit.background-delivery` entitlement.
    public var hasBackgroundDeliveryEntitlement: Bool {
        get { withState { $0.hasBackgroundDeliveryEntitlement } }
        set { withState { $0.hasBackgroundDeliveryEntitlement = newValue } }
    }

    /// How the user answers the permission sheet from now on (default: allows everything).
    public func answerAuthorizationRequests(allowSharing: Bool, allowReading: Bool) {
        withState { $0.answers = (allowSharing, allowReading) }
    }

    /// Changes a share permission as the user would in Settings › Health (`nil`: never asked).
    public func setShareStatus(_ status: HKAuthorizationStatus?, for identifier: String) {
        withState { $0.shareStatus[identifier] = status }
    }

    /// Changes a read permission as the user would in Settings › Health (`nil`: never asked).
    public func setReadAllowed(_ allowed: Bool?, for identifier: String) {
        withState { $0.readAllowed[identifier] = allowed }
    }

    /// How many times the permission sheet was shown.
    public var promptCount: Int { withState { $0.promptCount } }

    /// Makes the next store operation (save, delete or query) fail with `code`.
    public func failNextOperation(with code: HKError.Code) {
        withState { $0.scriptedFailure = code }
    }

    /// Orders sources for merging statistics of `identifier`, as the user does in the Health app.
    public func setSourcePriority(_ bundleIdentifiers: [String], for identifier: String) {
        withState { $0.priority[identifier] = bundleIdentifiers }
    }

    /// The background-delivery frequency registered for a type, if any.
    public func backgroundDeliveryFrequency(for identifier: String) -> HKUpdateFrequency? {
        withState { $0.backgroundDelivery[identifier] }
    }

    /// Observer updates handed to apps, and how many of them the app completed.
    public var observerUpdates: (delivered: Int, completed: Int) {
        withState { ($0.delivered, $0.completed) }
    }

    /// Every stored sample of a type, whoever saved it (what the Health app would show).
    public func storedSamples(of identifier: String) -> [HKSample] {
        withState { $0.stored.map(\.sample).filter { $0.sampleType.identifier == identifier } }
    }

    /// Adds samples as another app or device saved them (a watch, an app's widget, another app).
    public func record(_ samples: [HKSample], from source: Source, version: String? = nil) {
        let revision = HKSourceRevision(
            source: HKSource(name: source.name, bundleIdentifier: source.bundleIdentifier),
            version: version)
        for sample in samples { sample.sourceRevision = revision }
        commit(added: samples, deleted: [])
    }
}
