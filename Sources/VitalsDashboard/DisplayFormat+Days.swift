import Foundation
import VitalsCore

extension DisplayFormat {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// `Mon`, the weekday of `day` in three letters.
    static func weekdayShort(_ day: LocalDate) -> String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.weekday - 1]
    }

    /// `3 Nov 2025`.
    static func shortDate(_ day: LocalDate) -> String {
        "\(day.day) \(monthNames[day.month - 1].prefix(3)) \(day.year)"
    }

    /// `Mon 3 Nov 2025`.
    static func dayLabel(_ day: LocalDate) -> String {
        weekdayShort(day) + " " + shortDate(day)
    }

    /// `November 2025`.
    static func monthName(year: Int, month: Int) -> String { "\(monthNames[month - 1]) \(year)" }

    /// `3 Nov 2025 – 9 Nov 2025`: the days `first` through `last`.
    static func days(_ first: LocalDate, through last: LocalDate) -> String {
        first == last ? shortDate(first) : shortDate(first) + " – " + shortDate(last)
    }
}
