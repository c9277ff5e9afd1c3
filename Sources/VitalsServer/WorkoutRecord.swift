import Foundation
import VitalsCore
import VitalsContract

/// One stored workout of a user (a `workout_records` row), unique per user and `externalId`.
public struct WorkoutRecord: Sendable, Hashable, Codable {
    /// The client's id (a HealthKit UUID), or one derived from the content when none was sent.
    public var externalId: String
    /// The day the workout started, in the user's zone.
    public var date: LocalDate
    public var source: HealthSyncRequest.DataSource
    public var type: String
    public var durationMinutes: Double
    /// kcal.
    public var calories: Double?
    /// Metres.
    public var distance: Double?
    public var startTime: Date
    public var endTime: Date?

    public init(externalId: String, date: LocalDate, source: HealthSyncRequest.DataSource, type: String,
                durationMinutes: Double, calories: Double?, distance: Double?, startTime: Date, endTime: Date?) {
        self.externalId = externalId
        self.date = date
        self.source = source
        self.type = type
        self.durationMinutes = durationMinutes
        self.calories = calories
        self.distance = distance
        self.startTime = startTime
        self.endTime = endTime
    }

    /// A record of a synced workout; without an `externalId`, its type and start stand in,
    /// so a retried request stores it once.
    public init(_ workout: SyncedWorkout, source: HealthSyncRequest.DataSource, calendar: Calendar) {
        let id = workout.externalId ?? "\(workout.type)@\(Int64((workout.startTime.timeIntervalSince1970 * 1000).rounded()))"
        self.init(externalId: id, date: LocalDate(containing: workout.startTime, in: calendar), source: source,
                  type: workout.type, durationMinutes: workout.durationMinutes, calories: workout.calories,
                  distance: workout.distance, startTime: workout.startTime, endTime: workout.endTime)
    }
}
