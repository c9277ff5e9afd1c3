import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard
import VitalsServer
import VitalsTesting

/// Signing in to the server's dashboard: the redirect there and back, the session cookie's
/// attributes, sign-out, form tokens (CSRF), expiry and token rotation, and what the dashboard
/// never takes (a bearer token, a token in the URL, a return path to another site).
@Suite("Server: dashboard sign-in and sessions")
struct DashboardSignInTests {
    @Test(
        "A page asked for without a session goes to sign-in (303) and comes back to it after signing in",
        arguments: [Backend.sqlite, .postgres], [TestingSetup.router, .live])
    func signInAndBack(backend: Backend, setup: TestingSetup) async throws {
        try await withServer(backend, setup: setup) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let browser = harness.browser()
            let asked = try await browser.get("/day/2025-11-15?from=bookmark")
            #expect(asked.status == .seeOther)
            #expect(asked.location == "/sign-in?next=/day/2025-11-15%3Ffrom%3Dbookmark")
            #expect(!asked.body.contains("Europe/Berlin"))
            let form = try await browser.get(try #require(asked.location))
            #expect(form.status == .ok)
            #expect(form.hiddenField("next") == "/day/2025-11-15?from=bookmark")
            #expect(form.body.contains(#"type="password""#) && !form.body.contains(token))
            let signInCookie = try #require(form.setCookie("vitals_signin"))
            #expect(signInCookie.contains("HttpOnly") && signInCookie.contains("SameSite=Strict"))

            let signedIn = try await browser.post(
                "/sign-in",
                [
                    ("token", token), ("next", try #require(form.hiddenField("next"))),
                    ("csrf", try #require(form.hiddenField("csrf"))),
                ])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.location == "/day/2025-11-15?from=bookmark")
            let cookie = try #require(signedIn.setCookie("vitals_session"))
            let attributes = Set(
                cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(attributes.isSuperset(of: ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=604800"]))
            #expect(!attributes.contains("Secure"))
            let id = try #require(browser.session)
            #expect(id.count == 64 && id.allSatisfy(\.isHexDigit) && !id.contains(token))
            let page = try await browser.get(try #require(signedIn.location))
            #expect(page.status == .ok)
            #expect(page.body.contains("Europe/Berlin") && page.body.contains("ada"))
            #expect(page.hiddenField("csrf") != nil && page.body.contains(#"action="/sign-out""#))
            #expect(page.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware<VitalsRequestContext>.pagePolicy)
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            // Signed in already: the sign-in page goes straight back.
            #expect(try await browser.get("/sign-in?next=/day/2025-11-14").location == "/day/2025-11-14")
        }
    }

    @Test("Cookies are Secure with dashboardSecureCookies, or when a proxy says X-Forwarded-Proto: https")
    func secureCookies() async throws {
        var configuration = ServerConfiguration.testing
        configuration.dashboardSecureCookies = true
        try await withServer(.sqlite, configuration: configuration) { harness in
            let (_, token) = try await harness.user("ada")
            let browser = harness.browser()
            let answer = try await browser.signIn(token)
            #expect(try #require(answer.setCookie("vitals_session")).contains("; Secure"))
        }
        try await withServer(.sqlite) { harness in
            let (_, token) = try await harness.user("ada")
            let proxied = harness.browser()
            proxied.headers[HTTPField.Name("X-Forwarded-Proto")!] = "https"
            #expect(try #require(try await proxied.signIn(token).setCookie("vitals_session")).contains("; Secure"))
            let plain = harness.browser()
            plain.headers[HTTPField.Name("X-Forwarded-Proto")!] = "http"
            #expect(try #require(try await plain.signIn(token).setCookie("vitals_session")).contains("Secure") == false)
        }
    }

    @Test(
        "The return path is this site's only: other hosts, schemes and odd paths return to /",
        arguments: [
            "//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)",
            "evil.example", "/day/2025-11-16\r\nSet-Cookie: x=1", "/day/ 2025", "/sign-in?next=//evil.example", "",
        ])
    func noOpenRedirect(next: String) async throws {
        try await withServer(.sqlite) { harness in
            let (_, token) = try await harness.user("ada")
            let browser = harness.browser()
            let form = try await browser.get("/sign-in?next=" + DashboardBrowser.encode(next))
            #expect(form.hiddenField("next") == "/")
            // Posted directly, the forged target is refused as well.
            let csrf = try #require(form.hiddenField("csrf"))
            let answer = try await browser.post("/sign-in", [("token", token), ("next", next), ("csrf", csrf)])
            #expect(answer.status == .seeOther && answer.location == "/")
        }
    }

    @Test(
        "A wrong token shows the form again (401) with no session; the dashboard takes no bearer token or token in a URL",
        arguments: Backend.allCases)
    func wrongTokenAndNoBearer(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let browser = harness.browser()
            for wrong in [TokenHasher.newToken(), String(token.dropLast()), "", "not-a-token"] {
                let answer = try await browser.signIn(wrong)
                #expect(answer.status == .unauthorized)
                #expect(answer.body.contains("That token is not valid") && answer.setCookie("vitals_session") == nil)
                #expect(browser.session == nil)
            }
            let bearer = try await browser.get("/", headers: [.authorization: "Bearer \(token)"])
            #expect(bearer.status == .seeOther && bearer.location == "/sign-in")
            #expect(try await browser.get("/?token=\(token)").status == .seeOther)
            let inURL = try await browser.get("/sign-in?token=\(token)")
            #expect(inURL.status == .ok && inURL.setCookie("vitals_session") == nil)
            // And the API stays bearer-only: a session cookie opens nothing there.
            let signedIn = try await DashboardBrowser.signedIn(harness.client, token)
            #expect(try await signedIn.get("/api/me").status == .unauthorized)
        }
    }

    @Test("Forms without the right token are refused with a 403 page (sign-in, sign-out), changing nothing")
    func csrf() async throws {
        try await withServer(.sqlite) { harness in
            let (_, token) = try await harness.user("ada")
            // Sign-in posted without the sign-in page's cookie (another site's form), or with another token.
            let stranger = harness.browser()
            let forged = try await stranger.post("/sign-in", [("token", token), ("next", "/"), ("csrf", "x")])
            #expect(forged.status == .forbidden && forged.body.contains("Form refused") && stranger.session == nil)
            let form = try await stranger.get("/sign-in")
            let mismatched = try await stranger.post(
                "/sign-in", [("token", token), ("next", "/"), ("csrf", String(repeating: "0", count: 64))])
            #expect(mismatched.status == .forbidden && stranger.session == nil)
            #expect(form.status == .ok)

            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            let csrf = try #require(try await browser.get("/").hiddenField("csrf"))
            for fields in [[], [("csrf", "")], [("csrf", alteredLast(csrf))], [("csrf", TokenHasher.newToken())]] {
                let refused = try await browser.post("/sign-out", fields)
                #expect(refused.status == .forbidden && refused.body.contains("Nothing was changed"))
                #expect(refused.setCookie("vitals_session") == nil)
            }
            #expect(try await browser.get("/").status == .ok)
            // Without a session there is nothing to sign out of: back to the sign-in page.
            #expect(try await harness.browser().post("/sign-out", []).location == "/sign-in")

            let signedOut = try await browser.post("/sign-out", [("csrf", csrf)])
            #expect(signedOut.status == .seeOther && signedOut.location == "/sign-in")
            #expect(try #require(signedOut.setCookie("vitals_session")).contains("Max-Age=0"))
        }
    }

    @Test("A signed-out, expired, forged or replaced-token session opens nothing", arguments: Backend.allCases)
    func deadSessions(backend: Backend) async throws {
        let clock = TestClock(ServerConfiguration.fixedNow)
        var configuration = ServerConfiguration.testing
        configuration.now = { clock.now }
        configuration.tokenCacheSeconds = 0
        configuration.dashboardSessionLifetime = 3600
        try await withServer(backend, configuration: configuration) { harness in
            let (_, token) = try await harness.user("ada")
            // Signed out: the old cookie, replayed, is dead.
            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            let id = try #require(browser.session)
            let csrf = try #require(try await browser.get("/").hiddenField("csrf"))
            _ = try await browser.post("/sign-out", [("csrf", csrf)])
            browser.setCookie("vitals_session", id)
            #expect(try await browser.get("/").status == .seeOther)

            // Expired: good for the lifetime, not a second more.
            let timed = try await DashboardBrowser.signedIn(harness.client, token)
            clock.advance(3599)
            #expect(try await timed.get("/").status == .ok)
            clock.advance(1)
            #expect(try await timed.get("/").status == .seeOther)

            // Forged and malformed ids.
            let forger = harness.browser()
            for value in [String(repeating: "a", count: 64), TokenHasher.newToken(), String(id.reversed()), "x"] {
                forger.setCookie("vitals_session", value)
                #expect(try await forger.get("/").status == .seeOther)
            }

            // The token replaced (`vitals user token`): its sessions end.
            let rotated = try await DashboardBrowser.signedIn(harness.client, token)
            #expect(try await rotated.get("/").status == .ok)
            let new = TokenHasher.newToken()
            _ = try await harness.repository.replaceToken(
                ofUser: "ada", tokenHash: TokenHasher.hash(new), at: clock.now)
            #expect(try await rotated.get("/").status == .seeOther)
            #expect(try await DashboardBrowser.signedIn(harness.client, new).get("/").status == .ok)
        }
    }

    @Test("With the dashboard disabled, / and /sign-in are not served and the API still is")
    func disabled() async throws {
        var configuration = ServerConfiguration.testing
        configuration.dashboardEnabled = false
        try await withServer(.sqlite, configuration: configuration) { harness in
            let (_, token) = try await harness.user("ada")
            #expect(try await harness.send(.get, "/").status == .notFound)
            #expect(try await harness.send(.get, "/sign-in").status == .notFound)
            #expect(try await harness.send(.get, "/api/me", token: token).status == .ok)
        }
    }
}
