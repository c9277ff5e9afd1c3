import Foundation
import HealthKit
import Logging
import VitalsCore
import VitalsSync

/// Background sync: HealthKit changes start a sync, even while the app is not running.
///
/// ``start()`` runs one `HKObserverQuery` per type and registers background delivery, so
/// HealthKit wakes the app when new data arrives. Each update asks ``service`` for a sync
/// (through its debounce) and calls HealthKit's completion handler once that sync finished or
/// failed: always, so HealthKit keeps delivering. Call ``start()`` early in every launch
/// (`application(_:didFinishLaunchingWithOptions:)`): HealthKit relaunches the app in the
/// background and delivers to the queries registered then. Sync on foreground and
/// pull-to-refresh with `service.syncNow()`.
public final class HealthKitBackgroundSync: Sendable {
    /// The HealthKit store observed.
    public let store: HealthKitHealthStore
    /// The sync each update requests.
    public let service: HealthSyncService
    /// The types whose changes trigger a sync. Default: what a sync reads.
    public let types: Set<SampleType>
    /// How often HealthKit may wake the app. Default hourly (step count is never more often).
    public let frequency: HKUpdateFrequency
    private let observation = Locked<HealthKitObservation?>(nil)
    private let logger: Logger

    /// Triggers for `service` from `store`'s changes.
    public init(
        store: HealthKitHealthStore, service: HealthSyncService,
        types: Set<SampleType> = Set(SyncDataReader.types), frequency: HKUpdateFrequency = .hourly
    ) {
        self.store = store
        self.service = service
        self.types = types
        self.frequency = frequency
        logger = store.configuration.logger
    }

    /// Starts the observer queries and registers background delivery; nothing when the store is inactive.
    public func start() async throws {
        guard store.isActive else {
            logger.info("HealthKit store inactive; background sync not started")
            return
        }
        let service = self.service
        let logger = self.logger
        let running = try store.startObserverQueries(for: types) { changed in
            do {
                _ = try await service.requestSync()
            } catch {
                logger.warning(
                    "sync after a HealthKit change failed",
                    metadata: [
                        "types": "\(changed.map(\.shortName).sorted())", "error": "\(error)",
                    ])
            }
        }
        observation.withLock { previous in
            previous?.stop()
            previous = running
        }
        try await store.enableBackgroundDelivery(for: types, frequency: frequency)
    }

    /// Stops the observer queries.
    public func stop() {
        observation.withLock { running in
            running?.stop()
            running = nil
        }
    }
}
