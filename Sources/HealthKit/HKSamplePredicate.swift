import Foundation

/// Apple documentation: "HKSamplePredicate". A sample type plus an optional predicate, for query descriptors.
public struct HKSamplePredicate<Sample> where Sample: HKSample {
    /// Apple documentation: "sampleType" (HKSamplePredicate).
    public let sampleType: HKSampleType
    /// Apple documentation: "nsPredicate".
    nonisolated(unsafe) public let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, nsPredicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = nsPredicate
    }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    /// Apple documentation: "quantitySample(type:predicate:)".
    public static func quantitySample(
        type quantityType: HKQuantityType, predicate: NSPredicate? = nil
    )
        -> HKSamplePredicate<HKQuantitySample>
    {
        HKSamplePredicate(sampleType: quantityType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCategorySample {
    /// Apple documentation: "categorySample(type:predicate:)".
    public static func categorySample(
        type categoryType: HKCategoryType, predicate: NSPredicate? = nil
    )
        -> HKSamplePredicate<HKCategorySample>
    {
        HKSamplePredicate(sampleType: categoryType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKSample {
    /// Apple documentation: "sample(type:predicate:)".
    public static func sample(
        type sampleType: HKSampleType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<HKSample> {
        HKSamplePredicate(sampleType: sampleType, nsPredicate: predicate)
    }
}
