import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore

extension Dashboard {
    /// The Today page of `day` for `scope`, as a document.
    func todayPage(scope: DashboardScope, day: LocalDate) async throws -> String {
        let count = try await scope.changes?.changeCount()
        let data = try await TodayData.load(DashboardQueries(scope: scope), day: day, now: configuration.now())
        return TodayPage(data: data, layout: layout(scope, liveCount: count), calendar: scope.calendar).render()
    }

    /// The Day page of `day` for `scope`, as a document.
    func dayPage(scope: DashboardScope, day: LocalDate) async throws -> String {
        let count = try await scope.changes?.changeCount()
        let data = try await DayData.load(DashboardQueries(scope: scope), day: day)
        return DayPage(data: data, layout: layout(scope, liveCount: count), calendar: scope.calendar).render()
    }

    /// The Trends page `request` asks for, "today" being `today`.
    func trendsPage(scope: DashboardScope, request: TrendsRequest, today: LocalDate) async throws -> String {
        let data = try await TrendsData.load(DashboardQueries(scope: scope), request: request, today: today)
        return TrendsPage(data: data, layout: layout(scope), calendar: scope.calendar).render()
    }

    /// The Calendar page `request` asks for, streaks as of `now`.
    func calendarPage(scope: DashboardScope, request: CalendarRequest, now: Date) async throws -> String {
        let data = try await CalendarData.load(DashboardQueries(scope: scope), request: request, now: now)
        return CalendarPage(data: data, layout: layout(scope), calendar: scope.calendar).render()
    }

    /// `GET /trends` and `GET /calendar`: a parameter they cannot use is a 400 page naming it.
    func registerTrendsAndCalendar(on router: some RouterMethods<Context>) {
        let dashboard = self
        router.get("/trends") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let today = LocalDate(containing: dashboard.configuration.now(), in: scope.calendar)
            let parameters = QueryParameters(request)
            let trends: TrendsRequest
            switch Result(catching: { () throws(BadParameter) in try TrendsRequest(parameters) }) {
            case .success(let parsed): trends = parsed
            case .failure(let error):
                return dashboard.badRequest(scope: scope, error, page: "Trends", home: dashboard.links.trendsHome)
            }
            return await dashboard.page(status: .ok) {
                try await dashboard.trendsPage(scope: scope, request: trends, today: today)
            }
        }
        router.get("/calendar") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let now = dashboard.configuration.now()
            let parameters = QueryParameters(request), today = LocalDate(containing: now, in: scope.calendar)
            let asked: CalendarRequest
            switch Result(catching: { () throws(BadParameter) in try CalendarRequest(parameters, today: today) }) {
            case .success(let parsed): asked = parsed
            case .failure(let error):
                return dashboard.badRequest(scope: scope, error, page: "Calendar", home: dashboard.links.calendarHome)
            }
            return await dashboard.page(status: .ok) {
                try await dashboard.calendarPage(scope: scope, request: asked, now: now)
            }
        }
    }

    /// A 400 page naming the parameter `error` is about, with a link to the page's defaults.
    func badRequest(scope: DashboardScope, _ error: BadParameter, page: String, home: String) -> Response {
        let body = layout(scope).page(title: "Bad request", current: nil) {
            Tag.h1 { "This \(page) address has a value it cannot use" }
            Tag.p(.class("error"), .data("parameter", error.name)) {
                "Parameter "
                Tag.code { error.name }
                ": \(error.reason)."
            }
            Tag.p { Tag.a(.href(home)) { "Open \(page) with its defaults" } }
        }
        return Self.html(body, status: .badRequest)
    }

    func layout(_ scope: DashboardScope, liveCount: Int64? = nil) -> PageLayout {
        PageLayout(
            configuration: configuration, links: links, zone: scope.calendar.timeZone, session: scope.session,
            liveCount: liveCount)
    }
}
