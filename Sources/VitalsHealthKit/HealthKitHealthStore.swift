import Foundation
import HealthKit
import Logging
import VitalsCore
import VitalsSync

/// The `HealthStore` protocol over Apple's HealthKit: an iOS app swaps it in for `SQLiteHealthStore`.
///
/// - Active state: ``isActive`` is ``isEnabled`` (the user's opt-out setting, on by
///   default) and HealthKit being available on the device. An inactive store answers every
///   query with an empty result and logs why; it never throws for reads. Writes throw
///   `.unavailable`, since a write that silently did not happen would lose data.
/// - Read denial is hidden by HealthKit: a type the user refused to share with the app reads as
///   "no data" (only the app's own samples come back) and `unreadableTypes` stays empty. Only
///   share (write) status is known; see ``authorizationSummary(for:)``.
/// - Query failures (a locked device, a HealthKit error) are logged and answered with the last
///   good answer for the same query, or empty, marked stale.
/// - UUIDs are HealthKit's: it assigns a new one to each saved object, so a sample's UUID
///   changes when it is saved here, and `DuplicatePolicy.skip` finds nothing to skip.
public final class HealthKitHealthStore: HealthStore {
    /// Settings of the store; every field has a documented default.
    public struct Configuration: Sendable {
        /// Types the app writes. Default: what the activity logging methods write (mindful
        /// sessions, workouts with their active energy, and alcoholic beverages).
        public var shareTypes: Set<SampleType> = [
            .mindfulSession, .workout, .activeEnergyBurned, .numberOfAlcoholicBeverages,
        ]
        /// Types the app reads. Default: what a sync reads, body mass for workout calories, the
        /// types the app writes, and what the record queries and meal ingestion read (resting and
        /// dietary energy, protein, carbohydrates, fat).
        public var readTypes: Set<SampleType> = Set(
            SyncDataReader.types + [
                .bodyMass, .mindfulSession, .numberOfAlcoholicBeverages, .basalEnergyBurned, .dietaryEnergyConsumed,
                .dietaryProtein, .dietaryCarbohydrates, .dietaryFatTotal,
            ])
        /// Where the user's opt-out setting lives. Default: `UserDefaults.standard`, key `enableHealthKit`.
        public var enabledSetting = HealthKitEnabledSetting.userDefaults()
        /// The file anchored change queries keep their HealthKit anchors in (secure-coded).
        /// Default: `Application Support/Vitals/healthkit-anchors.json`.
        public var anchorFile = HealthKitAnchorJournal.defaultFile
        /// The calendar the user lives in (``HealthStore/calendar``). Default: Gregorian, system zone.
        public var calendar = Calendar.gregorian(in: .current)
        /// Where the store logs (never health values). Default label `vitals.healthkit`.
        public var logger = Logger(label: "vitals.healthkit")

        /// The defaults.
        public init() {}
    }

    /// The HealthKit store every call goes through.
    public let healthStore: HKHealthStore
    /// The settings this store was created with.
    public let configuration: Configuration
    /// This app, from `HKSource.default()`: "this app" filters match it and its extensions.
    public let appSource: Source
    /// The user's calendar (``Configuration/calendar``).
    public var calendar: Calendar { configuration.calendar }
    let journal: HealthKitAnchorJournal
    let cache = HealthKitAnswerCache()
    let broadcaster = ChangeBroadcaster()
    let notifications = Locked<HealthKitObservation?>(nil)
    var logger: Logger { configuration.logger }

    /// A store over `healthStore` (one long-lived `HKHealthStore` per app, as Apple recommends).
    public init(healthStore: HKHealthStore = HKHealthStore(), configuration: Configuration = Configuration()) {
        self.healthStore = healthStore
        self.configuration = configuration
        let source = HKSource.default()
        appSource = Source(name: source.name, bundleIdentifier: source.bundleIdentifier)
        journal = HealthKitAnchorJournal(file: configuration.anchorFile, logger: configuration.logger)
    }

    deinit {
        notifications.withLock { $0?.stop() }
        broadcaster.finish()
    }

    /// Whether the device supports HealthKit (`HKHealthStore.isHealthDataAvailable()`).
    public var isHealthDataAvailable: Bool { HKHealthStore.isHealthDataAvailable() }

    /// The user's opt-out setting: on unless the user turned HealthKit off in the app.
    public var isEnabled: Bool {
        get { configuration.enabledSetting.isEnabled }
        set { configuration.enabledSetting.setEnabled(newValue) }
    }

    /// Whether the store is active: enabled and available; an inactive store reads as empty.
    public var isActive: Bool { isEnabled && isHealthDataAvailable }

    /// The protocol's availability: the store is usable only while active.
    public var isAvailable: Bool { isActive }

    /// Logs that an inactive store answered `operation` with nothing.
    func logInactive(_ operation: String) {
        logger.info(
            "HealthKit store inactive; answering empty",
            metadata: [
                "operation": "\(operation)", "enabled": "\(isEnabled)", "available": "\(isHealthDataAvailable)",
            ])
    }

    /// The error writes throw while the store is inactive.
    func inactiveWriteError(_ operation: String) -> VitalsError {
        isHealthDataAvailable
            ? VitalsError(.unavailable, "\(operation) was not saved: HealthKit is turned off in the app's settings")
            : VitalsError(.unavailable, "\(operation) was not saved: HealthKit is not available on this device")
    }
}
