import Foundation
import VitalsCore

/// A body-mass reading in kilograms.
public struct WeightRecord: HealthRecord {
    public static let kind = RecordKind.weight

    public var id: UUID
    /// When it was measured.
    public var date: Date
    /// The weight in kilograms.
    public var kilograms: Double
    public var source: Source
    public var origin: RecordOrigin
    public var mirrorOf: UUID?

    /// Creates a record; a new local one by default.
    public init(
        id: UUID = UUID(), date: Date, kilograms: Double, source: Source, origin: RecordOrigin = .local,
        mirrorOf: UUID? = nil
    ) {
        self.id = id
        self.date = date
        self.kilograms = kilograms
        self.source = source
        self.origin = origin
        self.mirrorOf = mirrorOf
    }

    /// The record a body-mass sample holds, or `nil` for another kind of sample.
    public init?(sample: Sample, app: Source) {
        guard sample.type == .bodyMass, let kilograms = try? sample.quantity?.doubleValue(for: .kilogram) else {
            return nil
        }
        self.init(
            id: sample.uuid, date: sample.start, kilograms: kilograms, source: sample.source,
            origin: RecordOrigin(source: sample.source, app: app), mirrorOf: sample.mirroredRecordID)
    }

    public var start: Date { date }
    public var end: Date { date }
    public var value: Double { kilograms }

    public func validated() throws(VitalsError) -> WeightRecord {
        try RecordValidation.weight(kilograms)
        return self
    }

    public func applying(_ change: RecordChange) throws(VitalsError) -> WeightRecord {
        try change.require(only: [], for: Self.kind)
        if let end = change.end, end != (change.start ?? date) {
            throw VitalsError(
                .invalidInput, "a weight is an instant; set its start only", at: InputLocation(field: "end"))
        }
        var copy = self
        copy.kilograms = try change.value(in: .kilogram, current: kilograms)
        copy.date = change.start ?? date
        return copy
    }

    public func sample(uuid: UUID, source: Source) -> Sample {
        .quantity(.bodyMass, kilograms, .kilogram, start: date, source: source, uuid: uuid)
    }
}
