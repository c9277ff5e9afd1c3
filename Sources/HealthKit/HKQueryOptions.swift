import Foundation

/// Apple documentation: "HKQueryOptions". How a date predicate matches samples.
public struct HKQueryOptions: OptionSet, Sendable {
    /// Apple documentation: "HKQueryOptions.init(rawValue:)".
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Apple documentation: "HKQueryOptions.rawValue".
    public let rawValue: UInt

    /// Apple documentation: "strictStartDate".
    public static var strictStartDate: HKQueryOptions { HKQueryOptions(rawValue: 1 << 0) }
    /// Apple documentation: "strictEndDate".
    public static var strictEndDate: HKQueryOptions { HKQueryOptions(rawValue: 1 << 1) }
}
