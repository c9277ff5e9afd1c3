import Foundation
import VitalsCore

/// The fields an edit sets; `nil` leaves a field as it was, and each macro can also be cleared.
///
/// ```swift
/// var change = RecordChange(value: Quantity(560, .kilocalorie))
/// change.protein = .set(Quantity(30, .gram))
/// change.fat = .clear      // the meal no longer records fat
/// ```
public struct RecordChange: Sendable, Hashable {
    /// The main value, in any unit compatible with the record's kind (kg, lb, kcal, kJ).
    public var value: Quantity?
    /// Protein, carbohydrates and fat (dietary records only), in any mass unit: kept, set or cleared.
    public var protein: FieldChange<Quantity>
    public var carbohydrates: FieldChange<Quantity>
    public var fat: FieldChange<Quantity>
    /// A new start or end.
    public var start: Date?
    public var end: Date?
    /// The workout type (active-energy records only).
    public var activity: WorkoutActivityType?

    /// Creates a change.
    public init(
        value: Quantity? = nil, protein: FieldChange<Quantity> = .keep,
        carbohydrates: FieldChange<Quantity> = .keep, fat: FieldChange<Quantity> = .keep,
        start: Date? = nil, end: Date? = nil, activity: WorkoutActivityType? = nil
    ) {
        self.value = value
        self.protein = protein
        self.carbohydrates = carbohydrates
        self.fat = fat
        self.start = start
        self.end = end
        self.activity = activity
    }

    /// Whether the change sets nothing.
    public var isEmpty: Bool { self == RecordChange() }

    /// The new main value in `unit`, or `current` when unchanged.
    func value(in unit: HealthUnit, current: Double) throws(VitalsError) -> Double {
        guard let value else { return current }
        return try Self.convert(value, to: unit, field: "value")
    }

    /// Throws when the change sets a field that `kind` records do not have.
    func require(only fields: Set<String>, for kind: RecordKind) throws(VitalsError) {
        let set: [(String, Bool)] = [
            ("protein", !protein.isKeep), ("carbs", !carbohydrates.isKeep), ("fat", !fat.isKeep),
            ("activity", activity != nil),
        ]
        for (field, isSet) in set where isSet && !fields.contains(field) {
            throw VitalsError(
                .invalidInput, "\(kind.rawValue) records have no \(field)", at: InputLocation(field: field))
        }
    }

    /// A macro's grams after `change`, given its grams `current` before it.
    static func grams(_ change: FieldChange<Quantity>, current: Double?, field: String) throws(VitalsError) -> Double? {
        try change.map { (quantity) throws(VitalsError) in try convert(quantity, to: .gram, field: field) }.applied(
            to: current)
    }

    /// `quantity` in `unit`, naming `field` when the unit does not fit.
    static func convert(_ quantity: Quantity, to unit: HealthUnit, field: String) throws(VitalsError) -> Double {
        do {
            return try quantity.doubleValue(for: unit)
        } catch {
            throw VitalsError(
                .incompatibleUnit,
                "\(field) must be in a unit of \(unit.unitString)'s kind, not "
                    + quantity.unit.unitString, at: InputLocation(field: field))
        }
    }
}
