import Foundation
import VitalsCore

/// Active energy burned, in kilocalories, over a duration, with an optional workout type.
///
/// For other sources the workout type is that of the workout the sample belongs to (associated
/// with it, or inside its time from the same source). This app's records keep the type they were
/// given in the sample's metadata under ``workoutTypeMetadataKey``.
public struct ActiveEnergyRecord: HealthRecord {
    public static let kind = RecordKind.activeEnergy
    /// The metadata key holding a local record's workout type (its activity name).
    public static let workoutTypeMetadataKey = "VitalsWorkoutActivityType"

    public var id: UUID
    public var start: Date
    public var end: Date
    /// Energy in kilocalories.
    public var kilocalories: Double
    /// The workout this energy was burned in, if known.
    public var workoutType: WorkoutActivityType?
    public var source: Source
    public var origin: RecordOrigin
    public var mirrorOf: UUID?

    /// Creates a record; a new local one by default.
    public init(
        id: UUID = UUID(), start: Date, end: Date, kilocalories: Double, workoutType: WorkoutActivityType? = nil,
        source: Source, origin: RecordOrigin = .local, mirrorOf: UUID? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.kilocalories = kilocalories
        self.workoutType = workoutType
        self.source = source
        self.origin = origin
        self.mirrorOf = mirrorOf
    }

    /// The record an active-energy sample holds, or `nil` for another kind of sample.
    /// `workout` is the type of the workout it belongs to, when the caller found one.
    public init?(sample: Sample, app: Source, workout: WorkoutActivityType? = nil) {
        guard sample.type == .activeEnergyBurned,
            let kilocalories = try? sample.quantity?.doubleValue(for: .kilocalorie)
        else { return nil }
        var type = workout
        if case .string(let name)? = sample.metadata[Self.workoutTypeMetadataKey] {
            type = WorkoutActivityType(name: name) ?? type
        }
        self.init(
            id: sample.uuid, start: sample.start, end: sample.end, kilocalories: kilocalories, workoutType: type,
            source: sample.source, origin: RecordOrigin(source: sample.source, app: app),
            mirrorOf: sample.mirroredRecordID)
    }

    public var value: Double { kilocalories }

    /// The duration in minutes.
    public var durationMinutes: Double { end.timeIntervalSince(start) / 60 }

    public func validated() throws(VitalsError) -> ActiveEnergyRecord {
        try RecordValidation.nonNegative(kilocalories, field: "value", unit: "kcal")
        try RecordValidation.interval(start: start, end: end, strictly: true)
        return self
    }

    public func applying(_ change: RecordChange) throws(VitalsError) -> ActiveEnergyRecord {
        try change.require(only: ["activity"], for: Self.kind)
        var copy = self
        copy.kilocalories = try change.value(in: .kilocalorie, current: kilocalories)
        copy.start = change.start ?? start
        copy.end = change.end ?? (change.start.map { $0 + end.timeIntervalSince(start) } ?? end)
        copy.workoutType = change.activity ?? workoutType
        return copy
    }

    public func sample(uuid: UUID, source: Source) -> Sample {
        var metadata: Metadata = [:]
        if let workoutType { metadata[Self.workoutTypeMetadataKey] = .string(workoutType.name) }
        return .quantity(
            .activeEnergyBurned, kilocalories, .kilocalorie, start: start, end: end, source: source,
            metadata: metadata, uuid: uuid)
    }
}
