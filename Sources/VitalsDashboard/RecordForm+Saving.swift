import Foundation
import VitalsCore
import VitalsInsights

extension RecordForm {
    /// The new local record the parsed form describes, written as `source`.
    func record(_ parsed: Parsed, source: Source) -> any HealthRecord {
        switch kind {
        case .weight:
            return WeightRecord(date: parsed.start, kilograms: parsed.value, source: source)
        case .dietaryCalorie:
            return DietaryCalorieRecord(
                start: parsed.start, kilocalories: parsed.value, protein: parsed.protein,
                carbohydrates: parsed.carbohydrates, fat: parsed.fat, source: source)
        case .activeEnergy:
            return ActiveEnergyRecord(
                start: parsed.start, end: parsed.end ?? parsed.start, kilocalories: parsed.value,
                workoutType: parsed.activity, source: source)
        case .restingEnergy:
            return RestingEnergyRecord(start: parsed.start, kilocalories: parsed.value, source: source)
        }
    }

    /// The edit the parsed form makes: every field the kind has, as typed.
    ///
    /// The edit form shows the current macros, so a macro field posted empty clears that macro;
    /// one not posted at all keeps it.
    func change(_ parsed: Parsed) -> RecordChange {
        var change = RecordChange(value: Quantity(parsed.value, kind.baseUnit), start: parsed.start)
        func macro(_ grams: Double?, field: String) -> FieldChange<Quantity> {
            if let grams { return .set(Quantity(grams, .gram)) }
            return blank.contains(field) ? .clear : .keep
        }
        switch kind {
        case .dietaryCalorie:
            change.protein = macro(parsed.protein, field: "protein")
            change.carbohydrates = macro(parsed.carbohydrates, field: "carbs")
            change.fat = macro(parsed.fat, field: "fat")
        case .activeEnergy:
            change.end = parsed.end
            change.activity = parsed.activity
        case .weight, .restingEnergy:
            break
        }
        return change
    }
}
