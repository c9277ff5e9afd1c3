import Foundation
import VitalsCore

/// A calendar month as people write it (`2025-10`), with no time zone of its own.
public struct YearMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// A month from its parts; throws `.invalidDate` naming `month` for a month outside 1...12.
    public init(year: Int, month: Int) throws(VitalsError) {
        guard (1...9999).contains(year) else {
            throw VitalsError(.invalidDate, "the year must be between 1 and 9999", at: InputLocation(field: "month"))
        }
        guard (1...12).contains(month) else {
            throw VitalsError(
                .invalidDate, "month \(month) is not between 01 and 12", at: InputLocation(field: "month"))
        }
        self.year = year
        self.month = month
    }

    /// Parses exactly `YYYY-MM`; throws `.invalidDate` naming `field` for anything else (`2025-13`).
    public init(parsing text: String, field: String = "month") throws(VitalsError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else {
            throw VitalsError(
                .invalidDate, "'\(text)' is not a month (expected YYYY-MM, like 2025-10)",
                at: InputLocation(field: field))
        }
        guard (1...12).contains(month), year >= 1 else {
            throw VitalsError(
                .invalidDate, "'\(text)' is not a month (the month must be 01 to 12)",
                at: InputLocation(field: field))
        }
        try self.init(year: year, month: month)
    }

    /// The month holding `date` in `calendar`'s time zone.
    public init(containing date: Date, in calendar: Calendar) {
        let day = LocalDate(containing: date, in: calendar)
        year = day.year
        month = day.month
    }

    /// The first day of the month.
    public var firstDay: LocalDate { try! LocalDate(year: year, month: month, day: 1) }

    /// The first day of the next month.
    public var next: YearMonth {
        month == 12 ? try! YearMonth(year: year + 1, month: 1) : try! YearMonth(year: year, month: month + 1)
    }

    /// Every day of the month, first to last.
    public var days: ClosedRange<LocalDate> { firstDay...next.firstDay.adding(days: -1) }

    /// How many days the month has.
    public var dayCount: Int { firstDay.days(to: next.firstDay) }

    /// `[1st 00:00, 1st of next month 00:00)` in `calendar`: the end is the next month's start,
    /// exclusive, not the last day's 23:59:59.
    public func range(in calendar: Calendar) -> DateRange {
        DateRange(clampingStart: firstDay.start(in: calendar), end: next.firstDay.start(in: calendar))
    }

    /// `YYYY-MM`.
    public var description: String { String(firstDay.description.prefix(7)) }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
