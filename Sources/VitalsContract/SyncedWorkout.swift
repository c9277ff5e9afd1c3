import Foundation

/// A workout in a sync request and in the backend's `workout_records`.
public struct SyncedWorkout: Sendable, Hashable, Codable {
    /// The activity, as a HealthKit name (`running`, `traditionalStrengthTraining`).
    public var type: String
    public var durationMinutes: Double
    /// Active energy, kcal.
    public var calories: Double?
    /// Distance, metres.
    public var distance: Double?
    public var startTime: Date
    public var endTime: Date?
    /// The HealthKit UUID (or another stable id): the backend stores each one once.
    public var externalId: String?

    public init(
        type: String, durationMinutes: Double, calories: Double? = nil, distance: Double? = nil,
        startTime: Date, endTime: Date? = nil, externalId: String? = nil
    ) {
        self.type = type
        self.durationMinutes = durationMinutes
        self.calories = calories
        self.distance = distance
        self.startTime = startTime
        self.endTime = endTime
        self.externalId = externalId
    }
}
