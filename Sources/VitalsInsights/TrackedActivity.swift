import Foundation
import VitalsCore

/// An activity tracked per day: mindfulness minutes, workout minutes or the NoAlc level.
///
/// Streaks, the calendar and reminders name activities with these values (`mindfulness`,
/// `workout`, `noalc`).
public enum TrackedActivity: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Mindful sessions, counted in minutes.
    case mindfulness
    /// Workouts, counted in minutes.
    case workout
    /// The day's NoAlc level (0, 4 or 6 beverages).
    case noalc

    /// Parses `mindfulness`, `workout` or `noalc` (any case); throws `.invalidInput` naming `field` otherwise.
    public init(name: String, field: String = "activity") throws(VitalsError) {
        guard let activity = TrackedActivity(rawValue: name.lowercased()) else {
            let names = TrackedActivity.allCases.map(\.rawValue).joined(separator: ", ")
            throw VitalsError(
                .invalidInput, "'\(name)' is not an activity; use one of \(names)",
                at: InputLocation(field: field))
        }
        self = activity
    }

    /// The HealthKit type the activity is stored as.
    public var sampleType: SampleType {
        switch self {
        case .mindfulness: .mindfulSession
        case .workout: .workout
        case .noalc: .numberOfAlcoholicBeverages
        }
    }

    /// Whether a day's amount is minutes (a goal applies); false for NoAlc's level.
    public var isMeasuredInMinutes: Bool { self != .noalc }

    public var description: String { rawValue }
}
