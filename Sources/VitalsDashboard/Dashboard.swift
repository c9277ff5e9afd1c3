import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore

/// The web dashboard's routes: the Today page, the page of any day, Trends, Calendar, Records and the stylesheet.
///
/// Register it on a router or a router group; each request asks `scope` whose data to show,
/// so the same pages serve a local store (`vitals dashboard`, one scope for every request) and
/// each signed-in user of a server (a scope built from the request's session). A scope
/// provider that throws (an `HTTPError` such as 401 or a redirect) ends the request with that
/// error; a failing read renders an error page without health values.
///
/// Routes, relative to where it is registered (``DashboardConfiguration/basePath``):
/// - `GET /`: today in the scope's zone;
/// - `GET /day/YYYY-MM-DD`: one day, with links to the day before and after;
/// - `GET /insights?date=`: a day's sleep score, overnight vitals, readiness, trends and factor effects;
/// - `GET /insights/correlations?x=&y=&lag=&days=&date=`: two daily figures' correlation and scatter chart;
/// - `GET /trends?type=&range=&from=&to=&bucket=`: a figure beside the same period last year;
/// - `GET /calendar?month=YYYY-MM&figure=` or `?year=YYYY&figure=`: a month grid or year heatmap with streak marks;
/// - `GET /records?kind=&from=&to=` and its forms: the health records, local ones editable (``registerRecords(on:)``);
/// - `GET /assets/dashboard.css`: the stylesheet (dark and light follow the system setting);
/// - `GET /changes`: `{"count": N}`, the scope's ``ChangeCounter`` count, which open pages of a day poll;
/// - `GET /assets/dashboard.js`: hover and focus values for chart marks and live updates (the pages work without it).
public struct Dashboard<Context: RequestContext>: Sendable {
    /// Makes the scope of one request.
    public typealias ScopeProvider = @Sendable (Request, Context) async throws -> DashboardScope

    /// Where the pages are mounted and what they say around the numbers.
    public var configuration: DashboardConfiguration
    let scope: ScopeProvider

    /// A dashboard reading whatever `scope` gives for each request.
    public init(configuration: DashboardConfiguration = DashboardConfiguration(), scope: @escaping ScopeProvider) {
        self.configuration = configuration
        self.scope = scope
    }

    /// Adds the dashboard's routes to `router` (a `Router` or a `RouterGroup`).
    public func register(on router: some RouterMethods<Context>) {
        let dashboard = self
        router.get("/") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let today = LocalDate(containing: dashboard.configuration.now(), in: scope.calendar)
            return await dashboard.page(status: .ok) { try await dashboard.todayPage(scope: scope, day: today) }
        }
        router.get("/day/:date") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let text = context.parameters.get("date") ?? ""
            guard let day = try? LocalDate(parsing: text) else {
                return dashboard.notFound(scope: scope, "There is no day \(text); day pages are /day/YYYY-MM-DD.")
            }
            return await dashboard.page(status: .ok) { try await dashboard.dayPage(scope: scope, day: day) }
        }
        registerTrendsAndCalendar(on: router)
        registerInsights(on: router)
        registerRecords(on: router)
        router.get(RouterPath(DashboardLinks.stylesheetPath)) { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: DashboardStyle.css)))
        }
        router.get(RouterPath(DashboardLinks.changesPath)) { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            guard let changes = scope.changes else { throw HTTPError(.notFound) }
            let count = try await changes.changeCount()
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"count\":\(count)}")))
        }
        router.get(RouterPath(DashboardLinks.scriptPath)) { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: DashboardScript.javaScript)))
        }
    }

    var links: DashboardLinks { DashboardLinks(basePath: configuration.basePath) }

    /// The page `render` makes, or an error page (500) when reading failed.
    func page(status: HTTPResponse.Status, _ render: () async throws -> String) async -> Response {
        await respond { Self.html(try await render(), status: status) }
    }

    /// The response `make` gives, or an error page (500) when reading or writing failed.
    func respond(_ make: () async throws -> Response) async -> Response {
        do {
            return try await make()
        } catch {
            // The error says what failed and where, never a health value.
            let layout = PageLayout(configuration: configuration, links: links, zone: nil)
            let body = layout.page(title: "Something went wrong", current: nil) {
                Tag.h1 { "The data could not be read" }
                Tag.p(.class("error")) { String(describing: error) }
            }
            return Self.html(body, status: .internalServerError)
        }
    }

    /// A 404 page with `message`.
    private func notFound(scope: DashboardScope, _ message: String) -> Response {
        let layout = PageLayout(
            configuration: configuration, links: links, zone: scope.calendar.timeZone,
            session: scope.session)
        let body = layout.page(title: "Not found", current: nil) {
            Tag.h1 { "Not found" }
            Tag.p { message }
            Tag.p { Tag.a(.href(links.today)) { "Go to today" } }
        }
        return Self.html(body, status: .notFound)
    }

    /// An HTML response that no cache keeps (the pages change as data arrives).
    static func html(_ document: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
    }
}
