import Foundation
import VitalsContract
import VitalsCore

/// One stored workout of a user (a `workout_records` row), unique per user and `externalId`.
///
/// The workout as synced plus where the server filed it (the day, the source); its fields read
/// as `record.durationMinutes` through dynamic member lookup, and its JSON stays flat: the
/// synced workout's keys, then `date` and `source`.
@dynamicMemberLookup
public struct WorkoutRecord: Sendable, Hashable, Codable {
    /// The workout; its ``SyncedWorkout/externalId`` is always set.
    public private(set) var workout: SyncedWorkout
    /// The day the workout started, in the user's zone.
    public var date: LocalDate
    public var source: HealthSyncRequest.DataSource

    /// The client's id (a HealthKit UUID), or one derived from the content when none was sent.
    public var externalId: String { workout.externalId ?? "" }

    public subscript<Value>(dynamicMember keyPath: KeyPath<SyncedWorkout, Value>) -> Value {
        workout[keyPath: keyPath]
    }

    public init(
        externalId: String, date: LocalDate, source: HealthSyncRequest.DataSource, type: String,
        durationMinutes: Double, calories: Double?, distance: Double?, startTime: Date, endTime: Date?
    ) {
        workout = SyncedWorkout(
            type: type, durationMinutes: durationMinutes, calories: calories, distance: distance,
            startTime: startTime, endTime: endTime, externalId: externalId)
        self.date = date
        self.source = source
    }

    /// A record of a synced workout; without an `externalId`, its type and start stand in,
    /// so a retried request stores it once.
    public init(_ workout: SyncedWorkout, source: HealthSyncRequest.DataSource, calendar: Calendar) {
        var workout = workout
        if workout.externalId == nil {
            workout.externalId = "\(workout.type)@\(Int64((workout.startTime.timeIntervalSince1970 * 1000).rounded()))"
        }
        self.workout = workout
        date = LocalDate(containing: workout.startTime, in: calendar)
        self.source = source
    }

    private enum CodingKeys: String, CodingKey {
        case date, source, externalId
    }

    public init(from decoder: any Decoder) throws {
        workout = try SyncedWorkout(from: decoder)
        guard workout.externalId != nil else {
            throw DecodingError.keyNotFound(
                CodingKeys.externalId,
                .init(
                    codingPath: decoder.codingPath, debugDescription: "a stored workout has an externalId"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(LocalDate.self, forKey: .date)
        source = try container.decode(HealthSyncRequest.DataSource.self, forKey: .source)
    }

    public func encode(to encoder: any Encoder) throws {
        try workout.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(source, forKey: .source)
    }
}
