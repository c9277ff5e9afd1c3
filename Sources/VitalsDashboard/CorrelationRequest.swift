import Foundation
import VitalsCore
import VitalsInsights

/// What a correlations URL asks for: `/insights/correlations?x=steps&y=sleep&lag=1&days=90&date=`.
///
/// Two daily figures (``VitalsInsights/DailyFigure``), `y` taken `lag` days after `x` (0 or 1),
/// over the `days` days ending on `date` (default: today). Defaults: steps against the next night's sleep, 90 days.
struct CorrelationRequest: Sendable, Hashable {
    var x: DailyFigure = .steps
    var y: DailyFigure = .sleep
    var lag = 1
    var days = 90
    /// The last day; nil is today.
    var date: LocalDate?

    /// The windows the page offers.
    static let presetDays = [30, 90, 180, 365]

    init(x: DailyFigure = .steps, y: DailyFigure = .sleep, lag: Int = 1, days: Int = 90, date: LocalDate? = nil) {
        self.x = x
        self.y = y
        self.lag = lag
        self.days = days
        self.date = date
    }

    /// Reads the URL's parameters; a missing one takes its default. Throws ``BadParameter`` naming
    /// the first parameter it cannot use.
    init(_ parameters: QueryParameters) throws(BadParameter) {
        x = try Self.figure(parameters, "x") ?? .steps
        y = try Self.figure(parameters, "y") ?? .sleep
        if let text = parameters["lag"] {
            guard let lag = Int(text), (0...1).contains(lag) else {
                throw BadParameter("lag", "'\(text)' is not a lag; use 0 (same day) or 1 (y the day after x)")
            }
            self.lag = lag
        }
        if let text = parameters["days"] {
            guard let days = Int(text), (Correlation.minimumPairs...TrendsRequest.maximumDays).contains(days) else {
                throw BadParameter(
                    "days",
                    "'\(text)' is not a number of days from \(Correlation.minimumPairs) to \(TrendsRequest.maximumDays)"
                )
            }
            self.days = days
        }
        if let text = parameters["date"] {
            guard let day = try? LocalDate(parsing: text), CalendarRequest.years.contains(day.year) else {
                throw BadParameter("date", "'\(text)' is not a day (expected YYYY-MM-DD)")
            }
            date = day
        }
    }

    private static func figure(_ parameters: QueryParameters, _ name: String) throws(BadParameter) -> DailyFigure? {
        guard let text = parameters[name] else { return nil }
        guard let figure = DailyFigure(rawValue: text) else {
            let known = DailyFigure.allCases.map(\.rawValue).joined(separator: ", ")
            throw BadParameter(name, "'\(text)' is not a daily figure; use one of \(known)")
        }
        return figure
    }

    /// The URL's query items, in a fixed order.
    var queryItems: [(String, String)] {
        var items = [("x", x.rawValue), ("y", y.rawValue), ("lag", String(lag)), ("days", String(days))]
        if let date { items.append(("date", date.description)) }
        return items
    }
}
