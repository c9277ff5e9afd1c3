import Foundation
import VitalsCore

/// One row of a workout session: a sub-activity, or the whole workout.
public struct WorkoutRow: Sendable, Hashable, Identifiable {
    public var id: UUID
    /// The session this row belongs to.
    public var sessionID: UUID
    /// The row's place in the session, from 0.
    public var position: Int
    /// The row's activity, which names the exercise.
    public var activity: WorkoutActivityType
    public var start: Date
    public var end: Date
    public var durationMinutes: Double
    /// Active kilocalories and metres, when recorded.
    public var activeKilocalories: Double?
    public var distanceMeters: Double?

    /// Creates a row.
    public init(
        id: UUID = UUID(), sessionID: UUID, position: Int, activity: WorkoutActivityType, start: Date, end: Date,
        durationMinutes: Double, activeKilocalories: Double? = nil, distanceMeters: Double? = nil
    ) {
        self.id = id
        self.sessionID = sessionID
        self.position = position
        self.activity = activity
        self.start = start
        self.end = end
        self.durationMinutes = durationMinutes
        self.activeKilocalories = activeKilocalories
        self.distanceMeters = distanceMeters
    }

    /// The exercise's name, such as "running".
    public var exercise: String { activity.name }
}
