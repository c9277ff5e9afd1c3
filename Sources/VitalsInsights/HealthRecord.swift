import Foundation
import VitalsCore

/// A health record: one value in its kind's base unit, over a time, from a labelled source.
///
/// Values are held in base units (kg, kcal, g, min); ``quantity`` and ``value(in:)`` convert
/// for display. Records convert to and from store samples, so the app's own records are
/// ordinary samples of its `appSource` and edits go through the store.
public protocol HealthRecord: Sendable, Hashable, Identifiable where ID == UUID {
    /// The record's kind (weight, dietary calories, ...).
    static var kind: RecordKind { get }
    /// The record's identity: the UUID of the sample (or food correlation) holding it.
    var id: UUID { get }
    /// When it starts.
    var start: Date { get }
    /// When it ends (equal to `start` for an instant).
    var end: Date { get }
    /// The main value in the kind's base unit.
    var value: Double { get }
    /// The app or device that wrote it.
    var source: Source { get }
    /// Whether this app wrote it (editable) or another source (read-only).
    var origin: RecordOrigin { get }
    /// The app's local record this one is the mirrored copy of (the HealthKit sample
    /// ``MirroredRecordEditor`` saved for it, which HealthKit gave a UUID of its own); `nil` for
    /// any other record. ``UnifiedQuery`` lists such a copy as its local record only.
    var mirrorOf: UUID? { get }

    /// This record checked: throws a `VitalsError` naming the field that is out of range.
    func validated() throws(VitalsError) -> Self

    /// This record with `change` applied; throws naming a field the kind does not have.
    func applying(_ change: RecordChange) throws(VitalsError) -> Self

    /// The store sample (or food correlation) holding this record, written as `source`.
    func sample(uuid: UUID, source: Source) -> Sample
}

extension HealthRecord {
    /// The main value with its base unit.
    public var quantity: Quantity { Quantity(value, Self.kind.baseUnit) }

    /// The main value converted to `unit` for display (lb, st, kJ...).
    public func value(in unit: HealthUnit) throws(VitalsError) -> Double {
        try Self.kind.baseUnit.convert(value, to: unit)
    }
}
