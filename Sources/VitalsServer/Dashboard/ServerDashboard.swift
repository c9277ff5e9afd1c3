import Foundation
import HTTPTypes
import Hummingbird
import VitalsDashboard
import VitalsServerStorage

/// The web dashboard as `vitals serve` mounts it at `/`: every signed-in user's own pages.
///
/// A page asked for without a session answers `303` to `/sign-in?next=PAGE`; signing in with
/// the user's API token (a form, `POST /sign-in`) opens a session (``DashboardSessions``), sets
/// the session cookie (``DashboardCookies``) and returns to the page. Each page then reads the
/// session's user only, through ``ServerHealthReader``, in the user's time zone; the Records
/// page's forms write the user's own records through ``ServerRecordStore``. `POST
/// /sign-out` ends the session. Forms carry a token checked by ``DashboardSessionMiddleware``.
struct ServerDashboard: Sendable {
    /// The server's own dashboard routes.
    struct Paths: Sendable {
        var signIn = "/sign-in"
        var signOut = "/sign-out"
        /// The Sync page.
        var sync = "/sync"
    }

    /// Where users and their data are; the ingest log and coverage for the Sync page.
    let service: HealthService
    let configuration: ServerConfiguration
    let sessions: DashboardSessions
    let cache: TokenCache
    let paths = Paths()

    var repository: any HealthRepository { service.repository }

    /// The dashboard of `service`'s users.
    init(service: HealthService, configuration: ServerConfiguration) {
        self.service = service
        self.configuration = configuration
        sessions = DashboardSessions(
            repository: service.repository, lifetime: configuration.dashboardSessionLifetime,
            now: configuration.now)
        cache = TokenCache(lifetime: configuration.tokenCacheSeconds, now: configuration.now)
    }

    /// The dashboard of `repository`'s users (the service made with `configuration`'s clock and log retention).
    init(repository: any HealthRepository, configuration: ServerConfiguration) {
        var service = HealthService(repository: repository, now: configuration.now)
        service.ingestLogRetentionDays = configuration.ingestLogRetentionDays
        self.init(service: service, configuration: configuration)
    }

    var cookies: DashboardCookies {
        DashboardCookies(
            alwaysSecure: configuration.dashboardSecureCookies,
            sessionLifetime: Int(configuration.dashboardSessionLifetime.rounded()), signInPath: paths.signIn)
    }

    /// The pages, reading the session's user.
    var dashboard: Dashboard<VitalsRequestContext> {
        var settings = DashboardConfiguration()
        settings.now = configuration.now
        settings.extraPages = [DashboardExtraPage(title: "Sync", path: paths.sync)]
        settings.gettingStartedIntro = """
            No samples have arrived for your account yet (the pages are drawn from samples; daily records sent to \
            /api/v1/health/daily or /api/health/sync are day summaries). Send samples from the Health Auto Export app, \
            or upload an Apple Health export (Health app → your picture → Export All Health Data), with the API token \
            you signed in with (the Sync page has the details):
            """
        settings.gettingStarted = [
            "# Health Auto Export: Automations → REST API, format JSON",
            "#   URL     https://THIS-SERVER/api/v1/ingest/health-auto-export",
            "#   Header  Authorization: Bearer YOUR_TOKEN",
            "# An Apple Health export:",
            "curl -H \"Authorization: Bearer YOUR_TOKEN\" --data-binary @export.zip https://THIS-SERVER/api/me/imports",
        ]
        let server = self
        return Dashboard(configuration: settings) { request, context in try server.scope(request, context) }
    }

    /// The request's user's data, in their zone, within their session; without a session, a
    /// redirect to the sign-in page that comes back to the page asked for.
    func scope(_ request: Request, _ context: VitalsRequestContext) throws(DashboardRedirect) -> DashboardScope {
        guard let user = context.user, let session = context.dashboardSession else {
            throw DashboardRedirect.signIn(returningTo: request, signInPath: paths.signIn)
        }
        return DashboardScope(
            reader: ServerHealthReader(repository: repository, user: user), calendar: user.calendar,
            session: DashboardSession(userName: user.name, csrfToken: session.csrfToken, signOutPath: paths.signOut),
            // The server keeps sources by name only (no bundle identifier to tell the app's own
            // samples by), so streaks count every source's.
            activitySources: .all,
            // The Records page's forms write the user's own records as the dashboard.
            // RecordEditor over ServerRecordStore: the local store's validation and error codes; only
            // records saved as Source.vitalsDashboard can be edited or deleted, an edit is one
            // transaction, and every change recomputes the days it touches as an ingest does.
            records: LocalRecordWriter(
                store: ServerRecordStore(repository: repository, user: user, now: configuration.now)),
            snapshots: ServerSnapshotReader(repository: repository, user: user),
            quests: ServerQuestReader(repository: repository, user: user),
            changes: IngestLogChangeCounter(repository: repository, user: user))
    }

    /// Adds the pages, the stylesheet, sign-in and sign-out to `router`, behind the session middleware.
    func register(on router: some RouterMethods<VitalsRequestContext>) {
        let dashboard = dashboard
        let group = router.group().add(middleware: sessionMiddleware(dashboard))
        dashboard.register(on: group)
        registerSignIn(on: group, dashboard: dashboard)
        registerSync(on: group, dashboard: dashboard)
    }

    /// The middleware every dashboard route sits behind: sessions in, forged forms out.
    func sessionMiddleware(_ dashboard: Dashboard<VitalsRequestContext>) -> DashboardSessionMiddleware {
        DashboardSessionMiddleware(
            sessions: sessions, repository: repository, cache: cache, cookies: cookies,
            paths: paths, dashboard: dashboard, maximumFormBytes: 64 * 1024)
    }
}
