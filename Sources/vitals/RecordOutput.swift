import Foundation
import VitalsCore
import VitalsInsights

/// Text and JSON forms of health records, workout sessions and meals, for the insight commands.
enum RecordOutput {
    /// A record as a JSON object: base-unit value, display value in `unit`, source and origin.
    static func object(_ record: any HealthRecord, unit: HealthUnit?, zone: TimeZone) -> [String: Any] {
        let kind = type(of: record).kind
        var object: [String: Any] = [
            "id": record.id.uuidString, "kind": kind.rawValue,
            "start": ISO8601.format(record.start, in: zone), "end": ISO8601.format(record.end, in: zone),
            "value": record.value, "unit": kind.baseUnit.unitString,
            "source": ["name": record.source.name, "bundleIdentifier": record.source.bundleIdentifier],
            "origin": record.origin.rawValue, "editable": record.origin.isEditable,
        ]
        if let unit, unit != kind.baseUnit, let converted = try? record.value(in: unit) {
            object["display"] = ["value": converted, "unit": unit.unitString]
        }
        if let dietary = record as? DietaryCalorieRecord {
            object["protein"] = dietary.protein ?? NSNull()
            object["carbs"] = dietary.carbohydrates ?? NSNull()
            object["fat"] = dietary.fat ?? NSNull()
        }
        if let active = record as? ActiveEnergyRecord {
            object["durationMinutes"] = active.durationMinutes
            object["workoutType"] = active.workoutType?.name ?? NSNull()
        }
        return object
    }

    /// The value in `unit` (else the base unit) with the unit's name.
    static func valueText(_ record: any HealthRecord, unit: HealthUnit?) -> String {
        let base = type(of: record).kind.baseUnit
        let shown = unit ?? base
        let value = (try? record.value(in: shown)) ?? record.value
        return "\(Output.number(value, digits: 1)) \(shown.unitString)"
    }

    /// Extra columns of a record: macros or duration and workout type.
    static func detailText(_ record: any HealthRecord) -> String {
        if let dietary = record as? DietaryCalorieRecord {
            guard dietary.hasMacros else { return "" }
            let grams = [("P", dietary.protein), ("C", dietary.carbohydrates), ("F", dietary.fat)]
            return grams.map { "\($0.0) \($0.1.map { Output.number($0, digits: 1) + " g" } ?? "-")" }.joined(
                separator: " ")
        }
        if let active = record as? ActiveEnergyRecord {
            return "\(Output.number(active.durationMinutes, digits: 1)) min \(active.workoutType?.name ?? "")"
                .trimmingCharacters(in: .whitespaces)
        }
        return ""
    }

    /// The table row of a record.
    static func row(_ record: any HealthRecord, unit: HealthUnit?, zone: TimeZone) -> [String] {
        [
            ISO8601.format(record.start, in: zone), type(of: record).kind.rawValue, valueText(record, unit: unit),
            detailText(record), "\(record.source.name) (\(record.origin.rawValue))", record.id.uuidString,
        ]
    }

    static let header = ["start", "kind", "value", "details", "source", "uuid"]

    /// Notes on stderr for types that could not be read.
    /// `date` as ISO 8601 text in `zone`, or JSON null.
    static func instant(_ date: Date?, zone: TimeZone) -> Any {
        guard let date else { return NSNull() }
        return ISO8601.format(date, in: zone)
    }

    static func reportUnreadable(_ types: Set<SampleType>) {
        reportRestrictions(types, stale: nil)
    }

    /// The sorted short names of `types`, for JSON.
    static func names(_ types: Set<SampleType>) -> [String] {
        types.map(\.shortName).sorted()
    }

    /// Parses a `--unit` argument that must measure the same thing as `base`.
    static func unit(_ text: String?, compatibleWith base: HealthUnit, option: String = "--unit") throws -> HealthUnit?
    {
        guard let text else { return nil }
        let unit: HealthUnit
        do {
            unit = try HealthUnit(parsing: text)
        } catch {
            throw error.located(InputLocation(field: option))
        }
        guard unit.isCompatible(with: base) else {
            throw VitalsError(
                .incompatibleUnit, "'\(text)' does not measure the same thing as \(base.unitString)",
                at: InputLocation(field: option))
        }
        return unit
    }

    /// Runs `body`, naming record fields in its errors as the flags that set them (`value` -> `--value`).
    static func asArguments<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch var error as VitalsError {
            if let field = error.location?.field, flagFields.contains(field) {
                error.location?.field = "--" + field
            }
            throw error
        }
    }

    private static let flagFields: Set<String> = ["value", "protein", "carbs", "fat", "start", "end", "activity"]

    /// Parses a `YYYY-MM-DD` day argument, naming `option` and the text when it is not a real day.
    static func day(_ text: String, option: String) throws -> LocalDate {
        do {
            return try LocalDate(parsing: text)
        } catch {
            throw VitalsError(
                .invalidDate, "'\(text)' is not a day: \(error.message)", at: InputLocation(field: option))
        }
    }
}
