import Foundation

/// Apple documentation: "HKStatisticsCollectionQueryDescriptor". Statistics over fixed intervals, async.
public struct HKStatisticsCollectionQueryDescriptor: HKAsyncQuery {
    /// Apple documentation: "predicate" (HKStatisticsCollectionQueryDescriptor).
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// Apple documentation: "options" (HKStatisticsCollectionQueryDescriptor).
    public var options: HKStatisticsOptions
    /// Apple documentation: "anchorDate" (HKStatisticsCollectionQueryDescriptor).
    public var anchorDate: Date
    /// Apple documentation: "intervalComponents" (HKStatisticsCollectionQueryDescriptor).
    public var intervalComponents: DateComponents

    /// Apple documentation: "init(predicate:options:anchorDate:intervalComponents:)".
    public init(
        predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
        intervalComponents: DateComponents
    ) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    /// Apple documentation: "result(for:)" (HKStatisticsCollectionQueryDescriptor). A snapshot of the collection.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        try healthStore.simulator.statisticsCollection(
            type: predicate.sampleType, predicate: predicate.nsPredicate, options: options, anchorDate: anchorDate,
            intervalComponents: intervalComponents)
    }
}
