import Foundation

/// Apple documentation: "HKCorrelationTypeIdentifier". A correlation type's identifier string.
public struct HKCorrelationTypeIdentifier: Hashable, Equatable, RawRepresentable, Sendable {
    /// Apple documentation: "HKCorrelationTypeIdentifier.init(rawValue:)".
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Apple documentation: "HKCorrelationTypeIdentifier" (the raw string, e.g. `HKCorrelationTypeIdentifierBloodPressure`).
    public var rawValue: String
}
