import VitalsCore

/// The kind of training an app shows a workout as.
///
/// Strength and mobility are the listed activities; every other activity, known or not, is cardio.
public enum WorkoutTemplate: String, Sendable, Hashable, CaseIterable, Codable {
    case strength
    case mobility
    case cardio

    /// The template for `activity`.
    public init(activity: WorkoutActivityType) {
        if Self.strengthActivities.contains(activity) {
            self = .strength
        } else if Self.mobilityActivities.contains(activity) {
            self = .mobility
        } else {
            self = .cardio
        }
    }

    private static let strengthActivities: Set<WorkoutActivityType> = [
        .traditionalStrengthTraining, .functionalStrengthTraining, .crossTraining,
    ]
    private static let mobilityActivities: Set<WorkoutActivityType> = [.yoga, .pilates, .flexibility, .mindAndBody]
}
