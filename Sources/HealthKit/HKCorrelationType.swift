import Foundation

/// Apple documentation: "HKCorrelationType". The type of correlations (blood pressure, food).
public class HKCorrelationType: HKSampleType {}
