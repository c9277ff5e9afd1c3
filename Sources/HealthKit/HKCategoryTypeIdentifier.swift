import Foundation

/// Apple documentation: "HKCategoryTypeIdentifier". A category type's identifier string.
public struct HKCategoryTypeIdentifier: Hashable, Equatable, RawRepresentable, Sendable {
    /// Apple documentation: "HKCategoryTypeIdentifier.init(rawValue:)".
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Apple documentation: "HKCategoryTypeIdentifier" (the raw string, e.g. `HKCategoryTypeIdentifierMindfulSession`).
    public var rawValue: String

    /// Apple documentation: "mindfulSession".
    public static let mindfulSession = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMindfulSession")
}
