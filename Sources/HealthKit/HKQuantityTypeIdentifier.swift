import Foundation

/// Apple documentation: "HKQuantityTypeIdentifier". A quantity type's identifier string.
public struct HKQuantityTypeIdentifier: Hashable, Equatable, RawRepresentable, Sendable {
    /// Apple documentation: "HKQuantityTypeIdentifier.init(rawValue:)".
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Apple documentation: "HKQuantityTypeIdentifier" (the raw string, e.g. `HKQuantityTypeIdentifierStepCount`).
    public var rawValue: String

    /// Apple documentation: "activeEnergyBurned".
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    /// Apple documentation: "bodyMass".
    public static let bodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    /// Apple documentation: "numberOfAlcoholicBeverages".
    public static let numberOfAlcoholicBeverages = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
}
