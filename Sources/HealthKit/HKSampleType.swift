import Foundation

/// Apple documentation: "HKSampleType". The abstract type of samples (quantity, category, correlation, workout).
public class HKSampleType: HKObjectType {}
