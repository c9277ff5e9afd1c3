import Foundation
import VitalsCore

/// The range checks every record edit passes.
enum RecordValidation {
    /// The heaviest weight accepted, exclusive.
    static let maximumWeightKilograms = 700.0

    /// A weight must be more than 0 and less than 700 kg.
    static func weight(_ kilograms: Double) throws(VitalsError) {
        guard kilograms.isFinite, kilograms > 0, kilograms < maximumWeightKilograms else {
            throw VitalsError(
                .invalidValue, "weight must be more than 0 and less than 700 kg",
                at: InputLocation(field: "value"))
        }
    }

    /// Calories and macros must be finite and not negative.
    static func nonNegative(_ amount: Double?, field: String, unit: String) throws(VitalsError) {
        guard let amount else { return }
        guard amount.isFinite, amount >= 0 else {
            throw VitalsError(.invalidValue, "\(field) must be 0 \(unit) or more", at: InputLocation(field: field))
        }
    }

    /// The end may not precede the start; with `strictly`, it must come after it.
    static func interval(start: Date, end: Date, strictly: Bool = false) throws(VitalsError) {
        guard strictly ? end > start : end >= start else {
            throw VitalsError(
                .invalidDateRange, strictly ? "end must be after start" : "end must not be before start",
                at: InputLocation(field: "end"))
        }
    }
}
