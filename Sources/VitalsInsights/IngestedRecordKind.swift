import Foundation

/// What store samples are ingested as: the kinds the ledger and the last-sync times are kept by.
public enum IngestedRecordKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Workout samples, ingested as ``WorkoutSession``s.
    case workout
    /// Nutrition samples, ingested as ``NutritionLog`` meals.
    case meal
}
