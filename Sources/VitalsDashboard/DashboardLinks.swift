import Foundation
import VitalsCore

/// The dashboard's URLs under its base path: bookmarkable, the same for every visit.
struct DashboardLinks: Sendable {
    /// The base path, without a trailing slash.
    var basePath: String

    /// The Today page.
    var today: String { basePath.isEmpty ? "/" : basePath }

    /// The page of one day, `/day/YYYY-MM-DD`.
    func day(_ date: LocalDate) -> String { basePath + "/day/" + date.description }

    /// The Trends page with its defaults (steps, the last 30 days, daily).
    var trendsHome: String { basePath + "/trends" }

    /// The Insights page of today.
    var insightsHome: String { basePath + "/insights" }

    /// The Insights page of `date`: `/insights?date=YYYY-MM-DD`.
    func insights(_ date: LocalDate) -> String { insightsHome + Self.query([("date", date.description)]) }

    /// The correlations page with its defaults (steps against the next night's sleep, 90 days).
    var correlationsHome: String { basePath + "/insights/correlations" }

    /// The correlations page of `request`: `/insights/correlations?x=steps&y=sleep&lag=1&days=90&date=`.
    func correlations(_ request: CorrelationRequest) -> String { correlationsHome + Self.query(request.queryItems) }

    /// The Calendar page with its defaults (this month's steps).
    var calendarHome: String { basePath + "/calendar" }

    /// The Trends page of `request`: `/trends?type=stepCount&range=30&bucket=day` (with `from` and `to` when custom).
    func trends(_ request: TrendsRequest) -> String {
        var items = [("type", request.metric.key), ("range", request.rangeParameter)]
        if case .custom(let from, let to) = request.span {
            items += [("from", from.description), ("to", to.description)]
        }
        items.append(("bucket", request.bucket.rawValue))
        return basePath + "/trends" + Self.query(items)
    }

    /// The Calendar page of `request`: `/calendar?month=2025-11&figure=stepCount` or `?year=2025&...`.
    func calendar(_ request: CalendarRequest) -> String {
        var items: [(String, String)] = []
        switch request.view {
        case .month(let month): items.append(("month", month.description))
        case .year(let year): items.append(("year", String(year)))
        }
        items.append(("figure", request.metric.key))
        if request.allSources { items.append(("sources", "all")) }
        if let goal = request.goalMinutes { items.append(("goal", DisplayFormat.exact(goal))) }
        return basePath + "/calendar" + Self.query(items)
    }

    /// `?name=value&...`, values percent-encoded.
    static func query(_ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return "?"
            + items.map { name, value in
                name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
            }.joined(separator: "&")
    }

    /// The one stylesheet.
    var stylesheet: String { basePath + DashboardLinks.stylesheetPath }

    /// The stylesheet's route, relative to the base path.
    static let stylesheetPath = "/assets/dashboard.css"

    /// The one script (hover values; the pages work without it).
    var script: String { basePath + DashboardLinks.scriptPath }

    /// The script's route, relative to the base path.
    static let scriptPath = "/assets/dashboard.js"

    /// Where an open page asks how many changes the data has had (`{"count": N}`).
    var changes: String { basePath + DashboardLinks.changesPath }

    /// The change count's route, relative to the base path.
    static let changesPath = "/changes"
}
