import Foundation
import VitalsCore

/// The fields an edit sets; `nil` leaves a field as it was.
public struct RecordChange: Sendable, Hashable {
    /// The main value, in any unit compatible with the record's kind (kg, lb, kcal, kJ).
    public var value: Quantity?
    /// Protein, carbohydrates and fat (dietary records only), in any mass unit.
    public var protein: Quantity?
    public var carbohydrates: Quantity?
    public var fat: Quantity?
    /// A new start or end.
    public var start: Date?
    public var end: Date?
    /// The workout type (active-energy records only).
    public var activity: WorkoutActivityType?

    /// Creates a change.
    public init(value: Quantity? = nil, protein: Quantity? = nil, carbohydrates: Quantity? = nil, fat: Quantity? = nil,
                start: Date? = nil, end: Date? = nil, activity: WorkoutActivityType? = nil) {
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
        try Self.convert(value, to: unit, field: "value") ?? current
    }

    /// Throws when the change sets a field that `kind` records do not have.
    func require(only fields: Set<String>, for kind: RecordKind) throws(VitalsError) {
        let set: [(String, Bool)] = [("protein", protein != nil), ("carbs", carbohydrates != nil), ("fat", fat != nil),
                                     ("activity", activity != nil)]
        for (field, isSet) in set where isSet && !fields.contains(field) {
            throw VitalsError(.invalidInput, "\(kind.rawValue) records have no \(field)", at: InputLocation(field: field))
        }
    }

    /// `quantity` in `unit`, naming `field` when the unit does not fit.
    static func convert(_ quantity: Quantity?, to unit: HealthUnit, field: String) throws(VitalsError) -> Double? {
        guard let quantity else { return nil }
        do {
            return try quantity.doubleValue(for: unit)
        } catch {
            throw VitalsError(.incompatibleUnit, "\(field) must be in a unit of \(unit.unitString)'s kind, not "
                              + quantity.unit.unitString, at: InputLocation(field: field))
        }
    }
}
