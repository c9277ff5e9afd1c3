import Foundation
import VitalsCore

/// The days a request body may name: from 1900-01-01 through the server's tomorrow in UTC.
///
/// The bound does not depend on the user's zone, so one document states it for everyone, and
/// it lets through every user's today (no zone is more than 14 hours ahead of UTC). A
/// timestamp's day is the one written in it (`2025-11-16` in `2025-11-16T23:30:00-08:00`).
/// The patterns are regular expressions for exactly these days (month lengths and leap years
/// included) and only ASCII digits, so a client generated from the document sends only what
/// the reader accepts.
struct BodyDays: Sendable {
    static let earliest = try! LocalDate(year: 1900, month: 1, day: 1)
    /// The last day accepted.
    let latest: LocalDate

    /// The days accepted at `now`.
    init(now: Date) {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        latest = LocalDate(containing: now, in: utc).adding(days: 1)
    }

    func contains(_ day: LocalDate) -> Bool { day >= Self.earliest && day <= latest }

    /// `^day$` for the days accepted.
    var dayPattern: String { "^\(dayExpression)$" }

    /// A timestamp as `ISO8601.parse` reads it (24-hour clock), its written day accepted.
    var instantPattern: String { "^\(dayExpression)\(Self.timeExpression)$" }

    /// `^day$` for every calendar day from 0001-01-01 to 9999-12-31 (what `LocalDate(parsing:)` reads).
    static let anyDayPattern: String = {
        let years = "(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})"
        let leapYears = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
        return "^(?:\(years)-\(monthDays(1...12))|\(leapYears)-02-29)$"
    }()

    /// `T07:30`, ` 07:30:00.250`, then spaces and `Z`, `+01:00` or `-0800`; `24:00` only as midnight.
    static let timeExpression: String = {
        let clock = "(?:(?:[01][0-9]|2[0-3]):[0-5][0-9](?::(?:[0-5][0-9]|60)(?:[.,][0-9]+)?)?|24:00(?::00(?:[.,]0+)?)?)"
        return "[Tt ]\(clock) *(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])"
    }()

    private var dayExpression: String {
        let year = latest.year, month = latest.month
        var parts: [String] = []
        if year > 1900 {
            parts.append("\(Self.yearRange(1900, year - 1))-\(Self.monthDays(1...12))")
            let leap = (1900..<year).filter(Self.isLeap).map { String($0) }
            if !leap.isEmpty { parts.append("(?:\(leap.joined(separator: "|")))-02-29") }
        }
        if month > 1 {
            parts.append("\(year)-\(Self.monthDays(1...(month - 1)))")
            if month > 2, Self.isLeap(year) { parts.append("\(year)-02-29") }
        }
        parts.append(String(format: "%04d-%02d-", year, month) + Self.range(1, latest.day, width: 2))
        return "(?:\(parts.joined(separator: "|")))"
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// `MM-DD` for the months given, February to the 28th (leap days are added by the caller).
    static func monthDays(_ months: ClosedRange<Int>) -> String {
        func list(_ days: Int) -> String? {
            let chosen = months.filter { month in
                switch month {
                case 2: days == 28
                case 4, 6, 9, 11: days == 30
                default: days == 31
                }
            }
            guard !chosen.isEmpty else { return nil }
            return "(?:\(chosen.map { String(format: "%02d", $0) }.joined(separator: "|")))-" + range(1, days, width: 2)
        }
        return "(?:\([list(31), list(30), list(28)].compactMap { $0 }.joined(separator: "|")))"
    }

    static func yearRange(_ lower: Int, _ upper: Int) -> String { range(lower, upper, width: 4) }

    /// A regular expression for the numbers `lower...upper` written with `width` digits.
    static func range(_ lower: Int, _ upper: Int, width: Int) -> String {
        let low = Array(String(format: "%0\(width)d", lower)), high = Array(String(format: "%0\(width)d", upper))
        return "(?:\(digits(low[...], high[...])))"
    }

    private static func digits(_ low: ArraySlice<Character>, _ high: ArraySlice<Character>) -> String {
        guard let first = low.first, let last = high.first else { return "" }
        if low.count == 1 { return first == last ? String(first) : "[\(first)-\(last)]" }
        if low.allSatisfy({ $0 == "0" }), high.allSatisfy({ $0 == "9" }) { return "[0-9]{\(low.count)}" }
        let rest = low.count - 1
        if first == last { return String(first) + "(?:" + digits(low.dropFirst(), high.dropFirst()) + ")" }
        var parts = [String(first) + "(?:" + digits(low.dropFirst(), Array(repeating: "9", count: rest)[...]) + ")"]
        let a = first.wholeNumberValue!, b = last.wholeNumberValue!
        if b - a > 1 { parts.append("[\(a + 1)-\(b - 1)][0-9]{\(rest)}") }
        parts.append(String(last) + "(?:" + digits(Array(repeating: "0", count: rest)[...], high.dropFirst()) + ")")
        return parts.joined(separator: "|")
    }
}
