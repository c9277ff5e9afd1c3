import Foundation
import HummingbirdTesting
import Testing
import VitalsTestSupport

@testable import VitalsServer
@testable import VitalsServerStorage

/// Dashboard sessions kept in the database: a restart keeps them, and every server on one
/// database knows them, so a load balancer needs no sticky sessions.
@Suite("Server: dashboard sessions across restarts and servers")
struct DashboardSharedSessionsTests {
    @Test("A session outlives a restart: a new server on the same SQLite file opens the pages with its cookie")
    func outlivesRestart() async throws {
        let path = TestFolder.path("vitals-server", suffix: ".sqlite")
        defer { removeDatabaseFiles(path) }
        let token = TokenHasher.newToken()
        let first = try SQLiteRepository(path: path)
        try await first.migrate()
        _ = try await first.addUser(
            name: "ada", timeZone: "Europe/Berlin", tokenHash: TokenHasher.hash(token),
            at: ServerConfiguration.fixedNow)
        let (before, _) = ServerApplication.make(configuration: .testing, repository: first)
        let id = try await before.testOnOwnThreads(.live) { client in
            let browser = try await DashboardBrowser.signedIn(client, token)
            #expect(try await browser.get("/").status == .ok)
            return try #require(browser.session)
        }
        try await first.close()

        let reopened = try SQLiteRepository(path: path)
        let (after, _) = ServerApplication.make(configuration: .testing, repository: reopened)
        try await after.testOnOwnThreads(.live) { client in
            let browser = DashboardBrowser(client)
            browser.setCookie("vitals_session", id)
            let page = try await browser.get("/")
            #expect(page.status == .ok && page.body.contains("Europe/Berlin"))
            // A made-up id still opens nothing.
            browser.setCookie("vitals_session", TokenHasher.randomHex())
            #expect(try await browser.get("/").status == .seeOther)
        }
        try await reopened.close()
    }

    @Test("A session opened on one server works on the other; signing out on either ends it on both")
    func twoServers() async throws {
        try await TwoServersTests.withTwoServers { one, two in
            let (_, token) = try await one.user("ada", timeZone: "Europe/Berlin")
            let first = try await DashboardBrowser.signedIn(one.client, token)
            let id = try #require(first.session)
            #expect(try await first.get("/").status == .ok)

            let second = two.browser()
            second.setCookie("vitals_session", id)
            let page = try await second.get("/")
            #expect(page.status == .ok && page.body.contains("Europe/Berlin"))
            // The form token the first server handed out is accepted by the second.
            let csrf = try #require(page.hiddenField("csrf"))
            #expect(try await first.get("/").hiddenField("csrf") == csrf)
            #expect(try await second.post("/sign-out", [("csrf", csrf)]).location == "/sign-in")
            #expect(try await first.get("/").status == .seeOther, "signed out on the other server")

            // A token replaced through one server's database ends the sessions on the other at once.
            let again = try await DashboardBrowser.signedIn(two.client, token)
            let secondID = try #require(again.session)
            _ = try await two.repository.replaceToken(
                ofUser: "ada", tokenHash: TokenHasher.hash(TokenHasher.newToken()),
                at: ServerConfiguration.fixedNow)
            let replayed = one.browser()
            replayed.setCookie("vitals_session", secondID)
            #expect(try await replayed.get("/").status == .seeOther)
        }
    }
}
