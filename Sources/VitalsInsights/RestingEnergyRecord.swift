import Foundation
import VitalsCore

/// Resting (basal) energy burned, in kilocalories.
public struct RestingEnergyRecord: HealthRecord {
    public static let kind = RecordKind.restingEnergy

    public var id: UUID
    public var start: Date
    public var end: Date
    /// Energy in kilocalories.
    public var kilocalories: Double
    public var source: Source
    public var origin: RecordOrigin
    public var mirrorOf: UUID?

    /// Creates a record; a new local one by default.
    public init(
        id: UUID = UUID(), start: Date, end: Date? = nil, kilocalories: Double, source: Source,
        origin: RecordOrigin = .local, mirrorOf: UUID? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end ?? start
        self.kilocalories = kilocalories
        self.source = source
        self.origin = origin
        self.mirrorOf = mirrorOf
    }

    /// The record a basal-energy sample holds, or `nil` for another kind of sample.
    public init?(sample: Sample, app: Source) {
        guard sample.type == .basalEnergyBurned,
            let kilocalories = try? sample.quantity?.doubleValue(for: .kilocalorie)
        else { return nil }
        self.init(
            id: sample.uuid, start: sample.start, end: sample.end, kilocalories: kilocalories,
            source: sample.source, origin: RecordOrigin(source: sample.source, app: app),
            mirrorOf: sample.mirroredRecordID)
    }

    public var value: Double { kilocalories }

    public func validated() throws(VitalsError) -> RestingEnergyRecord {
        try RecordValidation.nonNegative(kilocalories, field: "value", unit: "kcal")
        try RecordValidation.interval(start: start, end: end)
        return self
    }

    public func applying(_ change: RecordChange) throws(VitalsError) -> RestingEnergyRecord {
        try change.require(only: [], for: Self.kind)
        var copy = self
        copy.kilocalories = try change.value(in: .kilocalorie, current: kilocalories)
        copy.start = change.start ?? start
        copy.end = change.end ?? (change.start.map { $0 + end.timeIntervalSince(start) } ?? end)
        return copy
    }

    public func sample(uuid: UUID, source: Source) -> Sample {
        .quantity(.basalEnergyBurned, kilocalories, .kilocalorie, start: start, end: end, source: source, uuid: uuid)
    }
}
