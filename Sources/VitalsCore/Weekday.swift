import Foundation

/// A day of the week, numbered as `Calendar` numbers them (1 Sunday ... 7 Saturday).
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// The weekday of a calendar day (the same in every time zone).
    public init(of day: LocalDate) {
        // 1970-01-01 was a Thursday.
        let offset = LocalDate.epoch.days(to: day)
        let index = ((offset + 4) % 7 + 7) % 7  // 0 Sunday
        self = Weekday(rawValue: index + 1)!
    }

    /// Parses a name or its first three letters (`mon`, `Monday`), any case.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard lowered.count >= 3,
            let match = Weekday.allCases.first(where: { $0.name.hasPrefix(lowered) })
        else { return nil }
        self = match
    }

    /// Parses a comma-separated list of days or `daily`, `weekdays`, `weekends`; throws naming `field`.
    public static func parseList(_ text: String, field: String = "days") throws(VitalsError) -> Set<Weekday> {
        switch text.lowercased() {
        case "daily", "every", "all": return Set(allCases)
        case "weekdays": return [.monday, .tuesday, .wednesday, .thursday, .friday]
        case "weekends": return [.saturday, .sunday]
        default: break
        }
        var days = Set<Weekday>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let day = Weekday(name: name) else {
                throw VitalsError(
                    .invalidInput,
                    "'\(name)' is not a day of the week (mon, tue, ... or daily, weekdays, weekends)",
                    at: InputLocation(field: field))
            }
            days.insert(day)
        }
        return days
    }

    /// The English name in lower case (`monday`).
    public var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    /// Three letters (`mon`).
    public var shortName: String { String(name.prefix(3)) }

    public var description: String { shortName }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension LocalDate {
    /// 1970-01-01.
    static let epoch = try! LocalDate(year: 1970, month: 1, day: 1)
}
