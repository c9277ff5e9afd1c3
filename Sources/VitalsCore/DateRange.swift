import Foundation

/// A half-open time range `[start, end)`: `start` is included, `end` is not.
///
/// "October" is `[Oct 1 00:00, Nov 1 00:00)`, never `Oct 31 23:59:59`: use the start of the
/// next period as the end, and a sample at exactly `end` belongs to the next range.
public struct DateRange: Sendable, Hashable, CustomStringConvertible {
    /// The first instant in the range.
    public let start: Date
    /// The first instant after the range.
    public let end: Date

    /// Creates `[start, end)`; throws `.invalidDateRange` when `end` precedes `start`.
    public init(start: Date, end: Date) throws(VitalsError) {
        guard end >= start else {
            throw VitalsError(.invalidDateRange, "the range ends before it starts")
        }
        self.start = start
        self.end = end
    }

    /// Creates `[start, max(start, end))`: an empty range when `end` precedes `start`.
    public init(clampingStart start: Date, end: Date) {
        self.start = start
        self.end = max(start, end)
    }

    /// Creates a range whose order the caller guarantees.
    init(uncheckedStart start: Date, end: Date) {
        self.start = start
        self.end = end
    }

    /// The length in seconds (23 or 25 hours for a day with a DST change).
    public var duration: TimeInterval { end.timeIntervalSince(start) }

    /// Whether the range holds no time at all.
    public var isEmpty: Bool { start == end }

    /// Whether `date` is in `[start, end)`.
    public func contains(_ date: Date) -> Bool { date >= start && date < end }

    /// The part of both ranges, or `nil` when they share no time.
    public func intersection(_ other: DateRange) -> DateRange? {
        let lower = max(start, other.start)
        let upper = min(end, other.end)
        return lower < upper ? DateRange(uncheckedStart: lower, end: upper) : nil
    }

    public var description: String {
        "[\(ISO8601.format(start, in: .gmt)), \(ISO8601.format(end, in: .gmt)))"
    }
}

/// A calendar period length for ranges and statistics buckets.
public enum CalendarPeriod: String, Sendable, Hashable, CaseIterable, Codable {
    case hour, day, week, month, year

    /// The matching `Calendar.Component`.
    public var component: Calendar.Component {
        switch self {
        case .hour: .hour
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        case .year: .year
        }
    }

    /// A rough length, only for estimating how many periods fit in a range.
    public var approximateSeconds: Double {
        switch self {
        case .hour: 3600
        case .day: 86_400
        case .week: 604_800
        case .month: 2_629_746
        case .year: 31_556_952
        }
    }
}

extension DateRange {
    /// The hour, day, week, month or year containing `date`, in `calendar`'s time zone.
    public static func period(
        _ period: CalendarPeriod, containing date: Date,
        in calendar: Calendar
    ) -> DateRange {
        let interval =
            calendar.dateInterval(of: period.component, for: date)
            ?? DateInterval(start: date, duration: 0)
        return DateRange(uncheckedStart: interval.start, end: interval.end)
    }

    /// Today as `[today 00:00, tomorrow 00:00)` in `calendar`'s time zone.
    public static func today(now: Date = Date(), in calendar: Calendar) -> DateRange {
        period(.day, containing: now, in: calendar)
    }

    /// One calendar month, `[1st 00:00, 1st of next month 00:00)`; throws for a month outside 1...12.
    public static func month(_ month: Int, of year: Int, in calendar: Calendar) throws(VitalsError) -> DateRange {
        guard (1...12).contains(month) else {
            throw VitalsError(.invalidDate, "month \(month) is not between 1 and 12")
        }
        guard let start = calendar.date(from: DateComponents(year: year, month: month, day: 1)) else {
            throw VitalsError(.invalidDate, "\(year)-\(month) is not a date in this calendar")
        }
        return period(.month, containing: start, in: calendar)
    }

    /// The local days from `start`'s day through the day before `end`'s, each `[00:00, next 00:00)`.
    public func days(in calendar: Calendar) -> [DateRange] {
        var result: [DateRange] = []
        var cursor = DateRange.period(.day, containing: start, in: calendar)
        while cursor.start < end {
            result.append(cursor)
            cursor = DateRange.period(.day, containing: cursor.end, in: calendar)
        }
        return result
    }
}

extension Calendar {
    /// A Gregorian calendar in `zone` whose weeks start on `firstWeekday` (1 Sunday, 2 Monday).
    public static func gregorian(in zone: TimeZone, firstWeekday: Int = 2) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }
}

extension TimeZone {
    /// The IANA zone named `identifier`; throws `.invalidTimeZone` for anything else.
    public static func iana(_ identifier: String) throws(VitalsError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            throw VitalsError(.invalidTimeZone, "'\(identifier)' is not an IANA time zone")
        }
        return zone
    }
}
