import Foundation

/// Apple documentation: "HKObserverQueryCompletionHandler". Call it once the update was processed.
public typealias HKObserverQueryCompletionHandler = () -> Void

/// Apple documentation: "HKObserverQuery". A long-running query told whenever samples of a type change.
public class HKObserverQuery: HKQuery {
    let sampleType: HKSampleType
    let predicate: NSPredicate?
    let updateHandler: @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void

    /// Apple documentation: "init(sampleType:predicate:updateHandler:)".
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?,
        updateHandler:
            @escaping @Sendable (
                HKObserverQuery, @escaping HKObserverQueryCompletionHandler,
                (any Error)?
            ) -> Void
    ) {
        self.sampleType = sampleType
        self.predicate = predicate
        self.updateHandler = updateHandler
        super.init()
    }

    override func start(in simulator: HealthKitSimulator) {
        simulator.register(self)
    }

    override func stop(in simulator: HealthKitSimulator) {
        simulator.unregister(self)
    }
}
