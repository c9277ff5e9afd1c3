import Foundation

/// Apple documentation: "HKUpdateFrequency". How often background delivery may wake the app.
public enum HKUpdateFrequency: Int, @unchecked Sendable {
    /// Apple documentation: "HKUpdateFrequency.immediate".
    case immediate = 1
    /// Apple documentation: "HKUpdateFrequency.hourly".
    case hourly = 2
    /// Apple documentation: "HKUpdateFrequency.daily".
    case daily = 3
    /// Apple documentation: "HKUpdateFrequency.weekly".
    case weekly = 4
}
