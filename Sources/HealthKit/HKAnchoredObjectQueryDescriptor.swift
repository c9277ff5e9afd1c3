import Foundation

/// Apple documentation: "HKAnchoredObjectQueryDescriptor". Samples added and deleted since an anchor, async.
public struct HKAnchoredObjectQueryDescriptor<Sample>: HKAsyncQuery where Sample: HKSample {
    /// Apple documentation: "HKAnchoredObjectQueryDescriptor.Result".
    public struct Result {
        /// Apple documentation: "addedSamples".
        public let addedSamples: [Sample]
        /// Apple documentation: "deletedObjects".
        public let deletedObjects: [HKDeletedObject]
        /// Apple documentation: "newAnchor".
        public let newAnchor: HKQueryAnchor
    }

    /// Apple documentation: "predicates" (HKAnchoredObjectQueryDescriptor).
    public var predicates: [HKSamplePredicate<Sample>]
    /// Apple documentation: "anchor" (HKAnchoredObjectQueryDescriptor).
    public var anchor: HKQueryAnchor?
    /// Apple documentation: "limit" (HKAnchoredObjectQueryDescriptor).
    public var limit: Int?

    /// Apple documentation: "init(predicates:anchor:limit:)".
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// Apple documentation: "result(for:)" (HKAnchoredObjectQueryDescriptor).
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let changes = try healthStore.simulator.anchoredChanges(
            of: predicates.map { ($0.sampleType, $0.nsPredicate) }, after: anchor?.value ?? 0, limit: limit)
        return Result(
            addedSamples: changes.added.compactMap { $0 as? Sample },
            deletedObjects: changes.deleted.map { HKDeletedObject(uuid: $0) },
            newAnchor: HKQueryAnchor(value: changes.anchor))
    }
}
