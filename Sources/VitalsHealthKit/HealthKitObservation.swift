import Foundation
import HealthKit
import VitalsCore

/// Running `HKObserverQuery`s; ``stop()`` ends them.
public final class HealthKitObservation: Sendable {
    private let healthStore: HKHealthStore
    private let queries: Locked<[ObserverQueryBox]>

    init(healthStore: HKHealthStore, queries: [HKObserverQuery]) {
        self.healthStore = healthStore
        self.queries = Locked(queries.map(ObserverQueryBox.init))
    }

    /// Stops every query (background delivery stays registered; disable it separately).
    public func stop() {
        let running = queries.withLock { queries in
            defer { queries = [] }
            return queries
        }
        for box in running { healthStore.stop(box.query) }
    }
}

/// An observer query kept by an observation; only touched to stop it.
struct ObserverQueryBox: @unchecked Sendable {
    let query: HKObserverQuery
}

/// HealthKit's observer completion handler, carried to the task that processes the update.
///
/// HealthKit needs it called once per update, whatever happened; with background delivery,
/// missing calls make it back off and, after three, stop waking the app.
struct ObserverCompletion: @unchecked Sendable {
    let call: HKObserverQueryCompletionHandler
}
