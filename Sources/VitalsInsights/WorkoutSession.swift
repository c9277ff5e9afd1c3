import Foundation
import VitalsCore

/// A workout as the app shows it: template, times, title and totals, with its rows.
public struct WorkoutSession: Sendable, Hashable, Identifiable {
    /// The record's identity: for ingested workouts ``RecordIdentity/session(healthKitUUID:)``,
    /// stable across runs.
    public var id: UUID
    /// The workout sample's UUID (HealthKit's UUID), the ingestion key; `nil` for a session
    /// entered by hand.
    public var healthKitUUID: UUID?
    /// Strength, mobility or cardio.
    public var template: WorkoutTemplate
    /// The HealthKit activity.
    public var activity: WorkoutActivityType
    public var start: Date
    public var end: Date
    /// Minutes of activity (HealthKit's duration, which leaves out pauses).
    public var durationMinutes: Double
    /// Active kilocalories and metres, when the workout recorded them.
    public var activeKilocalories: Double?
    public var distanceMeters: Double?
    /// The app or device that recorded it.
    public var source: Source
    /// One row per sub-activity (iOS 16 multisport and interval workouts), else one for the whole workout.
    public var rows: [WorkoutRow]

    /// A title like "Running" for the app's entry.
    public var title: String {
        activity.name.prefix(1).uppercased() + activity.name.dropFirst()
    }

    /// Creates a session; `rows` default to one row for the whole session.
    public init(
        id: UUID = UUID(), healthKitUUID: UUID? = nil, template: WorkoutTemplate? = nil,
        activity: WorkoutActivityType, start: Date, end: Date, durationMinutes: Double? = nil,
        activeKilocalories: Double? = nil, distanceMeters: Double? = nil, source: Source, rows: [WorkoutRow]? = nil
    ) {
        self.id = id
        self.healthKitUUID = healthKitUUID
        self.template = template ?? WorkoutTemplate(activity: activity)
        self.activity = activity
        self.start = start
        self.end = end
        self.durationMinutes = durationMinutes ?? end.timeIntervalSince(start) / 60
        self.activeKilocalories = activeKilocalories
        self.distanceMeters = distanceMeters
        self.source = source
        self.rows =
            rows ?? [
                WorkoutRow(
                    id: RecordIdentity.row(session: id, position: 0), sessionID: id, position: 0,
                    activity: activity, start: start, end: end,
                    durationMinutes: self.durationMinutes, activeKilocalories: activeKilocalories,
                    distanceMeters: distanceMeters)
            ]
    }

    /// The session a workout sample maps to, under its stable id; `nil` for other samples.
    public init?(workout sample: Sample) {
        guard let workout = sample.workout else { return nil }
        let id = RecordIdentity.session(healthKitUUID: sample.uuid)
        self.id = id
        healthKitUUID = sample.uuid
        activity = workout.activityType
        template = WorkoutTemplate(activity: workout.activityType)
        start = sample.start
        end = sample.end
        durationMinutes = (workout.duration ?? sample.duration) / 60
        activeKilocalories =
            Self.total(workout.statistics, .activeEnergyBurned, .kilocalorie)
            ?? Self.associatedTotal(workout.associatedSamples, .activeEnergyBurned, .kilocalorie)
        distanceMeters = Self.total(workout.statistics, Self.distanceType(workout.statistics), .meter)
        source = sample.source
        if workout.activities.isEmpty {
            rows = [
                WorkoutRow(
                    id: RecordIdentity.row(session: id, position: 0), sessionID: id, position: 0,
                    activity: activity, start: start, end: end,
                    durationMinutes: durationMinutes, activeKilocalories: activeKilocalories,
                    distanceMeters: distanceMeters)
            ]
        } else {
            rows = workout.activities.sorted { $0.start < $1.start }.enumerated().map { index, part in
                WorkoutRow(
                    id: RecordIdentity.row(session: id, position: index), sessionID: id, position: index,
                    activity: part.activityType, start: part.start, end: part.end,
                    durationMinutes: part.end.timeIntervalSince(part.start) / 60,
                    activeKilocalories: Self.total(part.statistics, .activeEnergyBurned, .kilocalorie),
                    distanceMeters: Self.total(part.statistics, Self.distanceType(part.statistics), .meter))
            }
        }
    }

    private static func total(_ statistics: [WorkoutStatistics], _ type: SampleType?, _ unit: HealthUnit) -> Double? {
        guard let type, let entry = statistics.first(where: { $0.type == type }), let sum = entry.sum else {
            return nil
        }
        return try? entry.unit.convert(sum, to: unit)
    }

    private static func associatedTotal(_ samples: [Sample], _ type: SampleType, _ unit: HealthUnit) -> Double? {
        let values = samples.filter { $0.type == type }.compactMap { try? $0.quantity?.doubleValue(for: unit) }
        return values.isEmpty ? nil : values.reduce(0, +)
    }

    /// The first distance type the statistics hold (walking/running, cycling, swimming...).
    private static func distanceType(_ statistics: [WorkoutStatistics]) -> SampleType? {
        statistics.first { $0.type.identifier.hasPrefix("HKQuantityTypeIdentifierDistance") }?.type
    }
}
