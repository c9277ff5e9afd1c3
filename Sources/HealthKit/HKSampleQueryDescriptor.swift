import Foundation

/// Apple documentation: "HKSampleQueryDescriptor". A one-shot async sample query.
public struct HKSampleQueryDescriptor<Sample>: HKAsyncQuery where Sample: HKSample {
    /// Apple documentation: "predicates" (HKSampleQueryDescriptor).
    public var predicates: [HKSamplePredicate<Sample>]
    /// Apple documentation: "sortDescriptors" (HKSampleQueryDescriptor).
    public var sortDescriptors: [SortDescriptor<Sample>]
    /// Apple documentation: "limit" (HKSampleQueryDescriptor).
    public var limit: Int?

    /// Apple documentation: "init(predicates:sortDescriptors:limit:)".
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Apple documentation: "result(for:)" (HKSampleQueryDescriptor).
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        let found = try healthStore.simulator.visibleSamples(of: predicates.map { ($0.sampleType, $0.nsPredicate) })
        var samples = found.compactMap { $0 as? Sample }
        if !sortDescriptors.isEmpty { samples.sort(using: sortDescriptors) }
        if let limit, limit > 0, samples.count > limit { samples = Array(samples.prefix(limit)) }
        return samples
    }
}
