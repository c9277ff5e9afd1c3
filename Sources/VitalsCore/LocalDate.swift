import Foundation

/// A calendar day as people write it (`2025-11-16`), with no time zone of its own.
///
/// Days are proleptic Gregorian, as in ISO 8601 (Foundation switches to Julian days before 1582).
///
/// A day becomes instants only in a calendar: ``range(in:)`` is its half-open
/// `[00:00, next 00:00)` there, 23 or 25 hours long on a DST change.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A day from its parts; throws `.invalidDate` for a day the Gregorian calendar lacks.
    public init(year: Int, month: Int, day: Int) throws(VitalsError) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else {
            throw VitalsError(.invalidDate, "not a calendar day (expected YYYY-MM-DD)")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; anything else, or a day that does not exist, throws `.invalidDate`.
    public init(parsing text: String) throws(VitalsError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw VitalsError(.invalidDate, "expected a date like 2025-11-16 (YYYY-MM-DD)")
        }
        func number(_ range: Range<Int>) throws(VitalsError) -> Int {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else {
                    throw VitalsError(.invalidDate, "expected a date like 2025-11-16 (YYYY-MM-DD)")
                }
                value = value * 10 + digit
            }
            return value
        }
        try self.init(year: try number(0..<4), month: try number(5..<7), day: try number(8..<10))
    }

    /// The day that contains `date` in `calendar`'s time zone.
    public init(containing date: Date, in calendar: Calendar) {
        guard calendar.identifier == .gregorian else {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            self.init(unchecked: parts.year!, parts.month!, parts.day!)
            return
        }
        // The zone's offset at that instant turns it into wall-clock seconds; whole days of those
        // name the day. Exact across DST changes, and far cheaper than `dateComponents`.
        let local = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        self.init(daysSince1970: Int((local / 86_400).rounded(.down)))
    }

    /// The day `days` days after 1970-01-01 (proleptic Gregorian).
    init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to this day (Howard Hinnant's days_from_civil).
    var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week, 1 (Sunday) through 7 (Saturday), as a Gregorian `Calendar`'s
    /// `.weekday` names it, from the date alone (no calendar or zone needed: 1 January 1970 was a Thursday).
    public var weekday: Int {
        let days = daysSince1970
        return ((days % 7 + 7) % 7 + 4) % 7 + 1
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The day's first instant in `calendar`.
    public func start(in calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// `[00:00, next day's 00:00)` in `calendar`'s time zone.
    public func range(in calendar: Calendar) -> DateRange {
        DateRange(clampingStart: start(in: calendar), end: adding(days: 1).start(in: calendar))
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDate { LocalDate(daysSince1970: daysSince1970 + count) }

    /// Whole days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: LocalDate) -> Int { other.daysSince1970 - daysSince1970 }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
