import Foundation

/// A day's NoAlc entry: how much alcohol, stored as a beverage count of 0, 4 or 6.
public enum NoAlcLevel: Int, Sendable, Hashable, Codable, CaseIterable {
    /// No alcohol that day.
    case none = 0
    /// Some drinks.
    case moderate = 4
    /// Many drinks.
    case heavy = 6

    /// The level for a stored beverage count: 0 is none, up to 4 moderate, more heavy.
    public init(storedCount: Double) {
        self = storedCount <= 0 ? .none : storedCount <= 4 ? .moderate : .heavy
    }

    /// Parses `none|moderate|heavy` or `0|4|6`.
    public init?(name: String) {
        switch name.lowercased() {
        case "none", "0": self = .none
        case "moderate", "4": self = .moderate
        case "heavy", "6": self = .heavy
        default: return nil
        }
    }
}
