import Foundation

/// Where a meal came from.
public enum NutritionSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Ingested from the health store's nutrition samples (HealthKit on Apple platforms, the
    /// SQLite store elsewhere).
    case healthKit = "healthkit"
    /// Entered by the person in the app.
    case manual
}
