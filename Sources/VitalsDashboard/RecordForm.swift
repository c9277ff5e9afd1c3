import Foundation
import VitalsCore
import VitalsInsights

/// A Records form: the text of its fields (kept when shown again) and what is wrong with them.
///
/// Values are typed in the kind's base unit (kg, kcal, g) and times as `datetime-local` text
/// in the scope's zone. Parsing checks what the text says (a number, a time); the ranges
/// (weight more than 0 and less than 700 kg, energy 0 or more, end after start) are
/// VitalsInsights' ``RecordEditor`` checks, whose errors land next to the field they name.
struct RecordForm: Sendable {
    /// One input of the form.
    struct Field: Sendable, Hashable {
        /// The form name: `value`, `start`, `end`, `protein`, `carbs`, `fat`, `activity`.
        var name: String
        var label: String
        /// `number`, `datetime-local` or `text`.
        var inputType: String
        var isRequired: Bool
    }

    var kind: RecordKind
    /// Field name -> text as typed.
    var values: [String: String]
    /// Field name -> what is wrong; `""` for errors about the whole record.
    var errors: [String: String] = [:]
    /// Fields posted blank: on an edit, an emptied optional field clears its value.
    var blank: Set<String> = []

    /// The fields of `kind`, in the form's order.
    static func fields(of kind: RecordKind) -> [Field] {
        let energy = Field(name: "value", label: "Energy (kcal)", inputType: "number", isRequired: true)
        switch kind {
        case .weight:
            return [
                Field(name: "value", label: "Weight (kg)", inputType: "number", isRequired: true),
                Field(name: "start", label: "Time", inputType: "datetime-local", isRequired: true),
            ]
        case .dietaryCalorie:
            return [
                energy,
                Field(name: "protein", label: "Protein (g, optional)", inputType: "number", isRequired: false),
                Field(name: "carbs", label: "Carbohydrates (g, optional)", inputType: "number", isRequired: false),
                Field(name: "fat", label: "Fat (g, optional)", inputType: "number", isRequired: false),
                Field(name: "start", label: "Time", inputType: "datetime-local", isRequired: true),
            ]
        case .activeEnergy:
            return [
                energy,
                Field(name: "start", label: "Start", inputType: "datetime-local", isRequired: true),
                Field(name: "end", label: "End", inputType: "datetime-local", isRequired: true),
                Field(
                    name: "activity", label: "Workout type (optional, e.g. running)", inputType: "text",
                    isRequired: false),
            ]
        case .restingEnergy:
            return [energy, Field(name: "start", label: "Time", inputType: "datetime-local", isRequired: true)]
        }
    }

    var fields: [Field] { Self.fields(of: kind) }

    /// An empty form for a new record of `kind`, its time preset to `now`.
    init(kind: RecordKind, now: Date, calendar: Calendar) {
        self.kind = kind
        let time = Self.timeText(now, in: calendar)
        values = ["start": time]
        if kind == .activeEnergy { values["end"] = time }
    }

    /// The form as posted.
    init(kind: RecordKind, posted: FormFields) {
        self.kind = kind
        values = [:]
        for field in Self.fields(of: kind) {
            values[field.name] = posted[field.name]
            if posted.isBlank(field.name) { blank.insert(field.name) }
        }
    }

    /// The form of an existing record, to edit.
    init(record: any HealthRecord, calendar: Calendar) {
        kind = type(of: record).kind
        values = ["value": DisplayFormat.exact(record.value), "start": Self.timeText(record.start, in: calendar)]
        if let dietary = record as? DietaryCalorieRecord {
            values["protein"] = dietary.protein.map(DisplayFormat.exact)
            values["carbs"] = dietary.carbohydrates.map(DisplayFormat.exact)
            values["fat"] = dietary.fat.map(DisplayFormat.exact)
        }
        if let active = record as? ActiveEnergyRecord {
            values["end"] = Self.timeText(active.end, in: calendar)
            values["activity"] = active.workoutType?.name
        }
    }

    /// What the fields say once read: every field of the kind, checked for form only.
    struct Parsed: Sendable {
        var value: Double
        var start: Date
        var end: Date?
        var protein: Double?
        var carbohydrates: Double?
        var fat: Double?
        var activity: WorkoutActivityType?
    }

    /// The fields read in `calendar`'s zone; `nil` with ``errors`` set when one cannot be read.
    mutating func parse(in calendar: Calendar) -> Parsed? {
        errors = [:]
        func number(_ name: String, required: Bool) -> Double? {
            guard let text = values[name] else {
                if required { errors[name] = "Enter a number." }
                return nil
            }
            guard let number = Double(text), number.isFinite else {
                errors[name] = "'\(text)' is not a number."
                return nil
            }
            return number
        }
        func time(_ name: String) -> Date? {
            guard let text = values[name] else {
                errors[name] = "Enter a date and time."
                return nil
            }
            guard let date = Self.date(text, in: calendar) else {
                errors[name] = "'\(text)' is not a date and time (YYYY-MM-DDTHH:MM)."
                return nil
            }
            return date
        }
        let value = number("value", required: true)
        let start = time("start")
        var parsed = Parsed(value: value ?? 0, start: start ?? Date(timeIntervalSince1970: 0))
        if kind == .activeEnergy {
            parsed.end = time("end")
            if let name = values["activity"] {
                parsed.activity = WorkoutActivityType(name: name)
                if parsed.activity == nil {
                    errors["activity"] = "'\(name)' is not a HealthKit workout type (running, walking, cycling...)."
                }
            }
        }
        if kind == .dietaryCalorie {
            parsed.protein = number("protein", required: false)
            parsed.carbohydrates = number("carbs", required: false)
            parsed.fat = number("fat", required: false)
        }
        return errors.isEmpty ? parsed : nil
    }

    /// Puts `error` next to the field it names (the whole form when it names none of them).
    mutating func note(_ error: VitalsError) {
        let field = error.location?.field ?? ""
        let known = fields.contains { $0.name == field }
        errors[known ? field : ""] = Self.sentence(error.message)
    }

    /// `2025-11-16T08:30:00`: the `datetime-local` text of `date` in `calendar`'s zone.
    static func timeText(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return
            "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
    }

    /// The instant `YYYY-MM-DDTHH:MM[:SS]` names in `calendar`'s zone.
    static func date(_ text: String, in calendar: Calendar) -> Date? {
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let day = try? LocalDate(parsing: String(halves[0])) else { return nil }
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard clock.count == 2 || clock.count == 3, !clock.contains(nil) else { return nil }
        let hour = clock[0]!, minute = clock[1]!, second = clock.count == 3 ? clock[2]! : 0
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        return calendar.date(
            from: DateComponents(
                year: day.year, month: day.month, day: day.day,
                hour: hour, minute: minute, second: second))
    }

    /// `message` as a sentence: capitalised, with a full stop.
    private static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst() + (message.hasSuffix(".") ? "" : ".")
    }
}
