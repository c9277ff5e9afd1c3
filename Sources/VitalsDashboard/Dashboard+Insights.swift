import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore
import VitalsInsights

extension Dashboard {
    /// `GET /insights?date=` and `GET /insights/correlations`: a parameter they cannot use is a 400 page naming it.
    func registerInsights(on router: some RouterMethods<Context>) {
        let dashboard = self
        router.get("/insights") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let today = LocalDate(containing: dashboard.configuration.now(), in: scope.calendar)
            var day = today
            if let text = QueryParameters(request)["date"] {
                guard let parsed = try? LocalDate(parsing: text), CalendarRequest.years.contains(parsed.year) else {
                    return dashboard.badRequest(
                        scope: scope, BadParameter("date", "'\(text)' is not a day (expected YYYY-MM-DD)"),
                        page: "Insights", home: dashboard.links.insightsHome)
                }
                day = parsed
            }
            return await dashboard.page(status: .ok) {
                try await dashboard.insightsPage(scope: scope, day: day, today: today)
            }
        }
        router.get("/insights/correlations") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let today = LocalDate(containing: dashboard.configuration.now(), in: scope.calendar)
            let asked: CorrelationRequest
            switch Result(catching: { () throws(BadParameter) in try CorrelationRequest(QueryParameters(request)) }) {
            case .success(let parsed): asked = parsed
            case .failure(let error):
                return dashboard.badRequest(
                    scope: scope, error, page: "Correlations", home: dashboard.links.correlationsHome)
            }
            return await dashboard.page(status: .ok) {
                try await dashboard.correlationPage(scope: scope, request: asked, today: today)
            }
        }
    }

    /// The Insights page of `day` for `scope`.
    func insightsPage(scope: DashboardScope, day: LocalDate, today: LocalDate) async throws -> String {
        let engine = InsightsEngine(reader: scope.reader, calendar: scope.calendar)
        let isEmpty = try await scope.reader.sources(for: nil).isEmpty
        let insights = try await engine.day(day)
        return InsightsPage(
            insights: insights, today: today, isEmptyStore: isEmpty, layout: layout(scope), calendar: scope.calendar
        ).render()
    }

    /// The correlations page `request` asks for, its last day defaulting to `today`.
    func correlationPage(scope: DashboardScope, request: CorrelationRequest, today: LocalDate) async throws -> String {
        let engine = InsightsEngine(reader: scope.reader, calendar: scope.calendar)
        let date = request.date ?? today
        let isEmpty = try await scope.reader.sources(for: nil).isEmpty
        let correlation = try await engine.correlation(
            request.x, request.y, lag: request.lag, through: date, days: request.days)
        return CorrelationPage(
            request: request, correlation: correlation, date: date, isEmptyStore: isEmpty, layout: layout(scope)
        ).render()
    }
}
