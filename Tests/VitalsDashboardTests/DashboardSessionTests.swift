import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard
import VitalsStore

/// What a page shows with and without a server's session: the sign-out form and its token, the
/// server's own pages in the navigation; a local dashboard has neither.
@Suite("Dashboard: server sessions")
struct DashboardSessionTests {
    @Test("A local dashboard's pages have no form; a session's pages have a sign-out form carrying its token, escaped")
    func signOutForm() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        let now = fixture.at("2025-11-16", 12)
        for page in try await fixture.get(["/", "/day/2025-11-16"], now: now) {
            #expect(page.status == .ok)
            #expect(!page.body.contains("<form") && !page.body.contains(#"name="csrf""#) && !page.body.contains("Sync"))
        }

        var configuration = DashboardConfiguration()
        configuration.now = { now }
        configuration.extraPages = [DashboardExtraPage(title: "Sync", path: "/sync")]
        let session = DashboardSession(userName: "<Ada & co>", csrfToken: "t\"ok&1", signOutPath: "/sign-out")
        let scope = DashboardScope(reader: fixture.store, calendar: fixture.calendar, session: session)
        let dashboard = Dashboard<BasicRequestContext>(configuration: configuration) { _, _ in scope }
        let router = Router()
        dashboard.register(on: router)
        router.get("/sync") { _, _ in dashboard.extraPage(scope: scope, title: "Sync") { Tag.p { "server page" } } }
        try await Application(router: router).test(.router) { client in
            for path in ["/", "/day/2025-11-16", "/sync"] {
                let body = String(buffer: try await client.execute(uri: path, method: .get).body)
                #expect(body.contains(#"<form class="session" method="post" action="/sign-out">"#), "\(path)")
                #expect(body.contains(#"<input type="hidden" name="csrf" value="t&quot;ok&amp;1">"#), "\(path)")
                #expect(body.contains("&lt;Ada &amp; co&gt;") && !body.contains("<Ada"), "\(path)")
                #expect(body.contains(#"<a href="/sync""#), "\(path)")
                #expect(body.contains("Europe/Berlin"), "\(path)")
            }
            let sync = String(buffer: try await client.execute(uri: "/sync", method: .get).body)
            #expect(
                sync.contains(#"<a href="/sync" aria-current="page">Sync</a>"#) && sync.contains("<p>server page</p>"))
        }
    }

    @Test("The sign-in page posts the token, return path and form token; nothing in it reads data")
    func signInPage() async throws {
        let dashboard = Dashboard<BasicRequestContext> { _, _ in throw HTTPError(.internalServerError) }
        let response = dashboard.signInPage(
            action: "/sign-in", returnPath: "/day/2025-11-16?a=1&b=2", csrfToken: "abc",
            message: "That token is not valid.", status: .unauthorized)
        #expect(response.status == .unauthorized && response.headers[.cacheControl] == "no-store")
        let writer = CollectingWriter()
        try await response.body.write(writer)
        let html = String(buffer: writer.buffer)
        #expect(html.contains(#"<form method="post" action="/sign-in">"#))
        #expect(html.contains(#"name="token" type="password""#))
        #expect(html.contains(#"<input type="hidden" name="next" value="/day/2025-11-16?a=1&amp;b=2">"#))
        #expect(html.contains(#"<input type="hidden" name="csrf" value="abc">"#))
        #expect(html.contains("That token is not valid.") && !html.contains("sign-out"))
    }
}

/// Collects a response body's bytes.
final class CollectingWriter: ResponseBodyWriter, @unchecked Sendable {
    var buffer = ByteBuffer()
    func write(_ buffer: ByteBuffer) async throws { self.buffer.writeImmutableBuffer(buffer) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
