import Foundation

/// Apple documentation: "HKStatisticsOptions". Which statistics a statistics query computes.
public struct HKStatisticsOptions: OptionSet, Sendable {
    /// Apple documentation: "HKStatisticsOptions.init(rawValue:)".
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Apple documentation: "HKStatisticsOptions.rawValue".
    public let rawValue: UInt

    /// Apple documentation: "separateBySource".
    public static var separateBySource: HKStatisticsOptions { HKStatisticsOptions(rawValue: 1 << 0) }
    /// Apple documentation: "discreteAverage".
    public static var discreteAverage: HKStatisticsOptions { HKStatisticsOptions(rawValue: 1 << 1) }
    /// Apple documentation: "discreteMin".
    public static var discreteMin: HKStatisticsOptions { HKStatisticsOptions(rawValue: 1 << 2) }
    /// Apple documentation: "discreteMax".
    public static var discreteMax: HKStatisticsOptions { HKStatisticsOptions(rawValue: 1 << 3) }
    /// Apple documentation: "cumulativeSum".
    public static var cumulativeSum: HKStatisticsOptions { HKStatisticsOptions(rawValue: 1 << 4) }
    /// Apple documentation: "mostRecent".
    public static var mostRecent: HKStatisticsOptions { HKStatisticsOptions(rawValue: 1 << 5) }
}
