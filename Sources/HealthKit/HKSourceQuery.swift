import Foundation

/// Apple documentation: "HKSourceQuery". Finds the apps and devices that saved matching samples.
public class HKSourceQuery: HKQuery {
    let sampleType: HKSampleType
    let predicate: NSPredicate?
    let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// Apple documentation: "init(sampleType:samplePredicate:completionHandler:)".
    public init(
        sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
        completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void
    ) {
        self.sampleType = sampleType
        predicate = objectPredicate
        self.completionHandler = completionHandler
        super.init()
    }

    override func start(in simulator: HealthKitSimulator) {
        let box = UncheckedBox(self)
        Task {
            let query = box.value
            do {
                let samples = try simulator.visibleSamples(of: [(query.sampleType, query.predicate)])
                query.completionHandler(query, Set(samples.map(\.sourceRevision.source)), nil)
            } catch {
                query.completionHandler(query, nil, error)
            }
        }
    }
}
