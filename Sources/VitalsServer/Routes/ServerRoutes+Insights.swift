import Foundation
import Hummingbird
import VitalsCore
import VitalsInsights
import VitalsServerStorage

extension ServerRoutes {
    /// The insights of the token's user, by the engine `vitals insights` runs on a local store
    /// (``VitalsInsights/InsightsEngine`` over the user's read view, in the user's zone).
    ///
    /// - `GET /api/me/insights?date=`: the day's sleep score, overnight vitals, readiness,
    ///   trends and factor effects (``VitalsInsights/DayInsights``); `date` defaults to today.
    /// - `GET /api/me/insights/correlation?x=&y=&lag=&days=&date=`: two daily figures'
    ///   correlation over the `days` (default 90) ending on `date`.
    func registerInsights(on api: RouterGroup<VitalsRequestContext>) {
        api.get("/me/insights") { request, context in
            let user = try context.requireUser()
            let day = try Self.insightsDay(ReadQuery(request, user: user), user: user, now: service.now())
            let answer = try await guarded { try await engine(of: user).day(day) }
            return try Self.readAnswer(answer)
        }
        api.get("/me/insights/correlation") { request, context in
            let user = try context.requireUser()
            let query = ReadQuery(request, user: user)
            let day = try Self.insightsDay(query, user: user, now: service.now())
            let x = try Self.figure(query, "x"), y = try Self.figure(query, "y")
            let lag = try query.integer("lag", in: 0...1) ?? 0
            let days = try query.integer("days", in: Correlation.minimumPairs...3660) ?? 90
            let correlation = try await guarded {
                try await engine(of: user).correlation(x, y, lag: lag, through: day, days: days)
            }
            return try Self.readAnswer(correlation)
        }
    }

    /// The engine over the user's read view, in the user's zone.
    private func engine(of user: ServerUser) -> InsightsEngine {
        InsightsEngine(reader: ServerHealthReader(repository: service.repository, user: user), calendar: user.calendar)
    }

    /// `date=` (`YYYY-MM-DD`), today in the user's zone when absent.
    private static func insightsDay(_ query: ReadQuery, user: ServerUser, now: Date) throws -> LocalDate {
        try query.day("date") ?? LocalDate(containing: now, in: user.calendar)
    }

    /// A daily figure's name (`steps`, `hrv`, ...) in parameter `name`; required.
    private static func figure(_ query: ReadQuery, _ name: String) throws -> DailyFigure {
        let known = DailyFigure.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = query.parameters.get(name), let figure = DailyFigure(rawValue: text) else {
            throw ReadQuery.invalid(name, "\(name) must be a daily figure: \(known)")
        }
        return figure
    }
}
