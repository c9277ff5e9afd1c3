import Foundation
import VitalsCore
import VitalsInsights

/// What a Calendar URL asks for: `/calendar?month=YYYY-MM&figure=...` (a month grid) or
/// `/calendar?year=YYYY&figure=...` (a year heatmap), with `sources=all` and `goal=MINUTES` as
/// `vitals calendar` and `vitals streak` take `--all-sources` and `--goal-minutes`.
struct CalendarRequest: Sendable, Hashable {
    /// A month grid or a year heatmap.
    enum View: Sendable, Hashable {
        case month(YearMonth)
        case year(Int)
    }

    var view: View
    /// The years a page can show (its neighbours must be days too).
    static let years = 1001...9998
    var metric: DashboardMetric
    /// Whether every source counts for the marks and streaks (not only this app's samples).
    var allSources = false
    /// Minutes a day needs for a mindfulness or workout mark; `nil` for the default (10).
    var goalMinutes: Double?

    /// Reads the URL's parameters: this month's steps when none are given. Throws
    /// ``BadParameter`` naming the first parameter it cannot use.
    init(_ parameters: QueryParameters, today: LocalDate) throws(BadParameter) {
        if let type = parameters["figure"] {
            metric = try DashboardMetric(parameter: type, name: "figure")
        } else {
            metric = .quantity(.stepCount)
        }
        switch (parameters["month"], parameters["year"]) {
        case (.some, .some):
            throw BadParameter("year", "give either month=YYYY-MM or year=YYYY, not both")
        case (let month?, nil):
            guard let parsed = try? YearMonth(parsing: month) else {
                throw BadParameter("month", "'\(month)' is not a month (expected YYYY-MM, like 2025-11)")
            }
            guard Self.years.contains(parsed.year) else {
                throw BadParameter("month", "the year must be between 1001 and 9998")
            }
            view = .month(parsed)
        case (nil, let year?):
            guard year.count == 4, let number = Int(year), Self.years.contains(number) else {
                throw BadParameter("year", "'\(year)' is not a year between 1001 and 9998 (expected YYYY, like 2025)")
            }
            view = .year(number)
        case (nil, nil):
            view = .month(try! YearMonth(year: today.year, month: today.month))
        }
        switch parameters["sources"] {
        case nil, "app": allSources = false
        case "all": allSources = true
        case let other?: throw BadParameter("sources", "'\(other)' is not a choice; use app or all")
        }
        if let goal = parameters["goal"] {
            guard let minutes = Double(goal), minutes.isFinite, minutes > 0 else {
                throw BadParameter("goal", "'\(goal)' is not a number of minutes above 0")
            }
            goalMinutes = minutes
        }
    }

    init(view: View, metric: DashboardMetric, allSources: Bool = false, goalMinutes: Double? = nil) {
        self.view = view
        self.metric = metric
        self.allSources = allSources
        self.goalMinutes = goalMinutes
    }

    /// The days shown, first to last.
    var days: ClosedRange<LocalDate> {
        switch view {
        case .month(let month): month.days
        case .year(let year):
            try! LocalDate(year: year, month: 1, day: 1)...LocalDate(year: year, month: 12, day: 31)
        }
    }

    /// The same request for another view (the month before, the year after...).
    func with(_ view: View) -> CalendarRequest {
        var copy = self
        copy.view = view
        return copy
    }

    /// The same request for another figure.
    func with(_ metric: DashboardMetric) -> CalendarRequest {
        var copy = self
        copy.metric = metric
        return copy
    }
}
