import Foundation
import VitalsCore

/// How numbers, durations and times read on the pages: the same on every machine, whatever its locale.
enum DisplayFormat {
    /// `value` rounded to `digits` decimals with thousands separated by commas: `12,345`, `4.56`.
    static func number(_ value: Double, digits: Int = 0) -> String {
        guard value.isFinite else { return "–" }
        let scale = pow(10, Double(digits))
        let rounded = (value * scale).rounded() / scale
        let negative = rounded < 0
        let magnitude = abs(rounded)
        let whole = magnitude.rounded(.down)
        var text = String(Int64(whole))
        var grouped = ""
        while text.count > 3 {
            grouped = "," + text.suffix(3) + grouped
            text.removeLast(3)
        }
        grouped = text + grouped
        if digits > 0 {
            let fraction = Int64(((magnitude - whole) * scale).rounded())
            let padded = String(fraction)
            grouped += "." + String(repeating: "0", count: max(0, digits - padded.count)) + padded
        }
        return (negative && rounded != 0 ? "-" : "") + grouped
    }

    /// Minutes as `7 h 12 min`, `45 min`.
    static func duration(minutes: Double) -> String {
        let total = Int(minutes.rounded())
        if total < 60 { return "\(total) min" }
        return total % 60 == 0 ? "\(total / 60) h" : "\(total / 60) h \(total % 60) min"
    }

    /// The wall-clock time of `date` in `calendar`'s zone, `07:05`.
    static func clock(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return pad(parts.hour ?? 0) + ":" + pad(parts.minute ?? 0)
    }

    /// `Sunday 9 March 2025`.
    static func longDate(_ day: LocalDate) -> String {
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ]
        return "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// The instant with its offset, for `datetime` and `data-` attributes: `2025-03-09T03:00:00-04:00`.
    static func instant(_ date: Date, in calendar: Calendar) -> String { ISO8601.format(date, in: calendar.timeZone) }

    /// A value exactly as the statistics gave it, for `data-value` (Swift's shortest round-trip form).
    static func exact(_ value: Double) -> String { String(value) }

    /// A workout activity's name as people read it: `highIntensityIntervalTraining` → `High intensity interval training`.
    static func activity(_ type: WorkoutActivityType) -> String {
        var words = ""
        for character in type.name {
            if character.isUppercase, !words.isEmpty { words += " " }
            words += words.isEmpty ? character.uppercased() : character.lowercased()
        }
        return words
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
