import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard

@testable import VitalsServer

/// Every answer of `vitals serve` carries the security headers: JSON and pages, successes,
/// redirects and errors; pages allow only this origin's script and stylesheet.
@Suite("Server: security headers on every answer")
struct SecurityHeadersTests {
    typealias Headers = SecurityHeadersMiddleware<VitalsRequestContext>

    /// Expects `headers` to be the secured ones, with the page policy when `page`.
    static func expectSecured(
        _ headers: HTTPFields, page: Bool, cache: String = "no-store", _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            headers[.contentSecurityPolicy] == (page ? Headers.pagePolicy : Headers.otherPolicy), "\(label)",
            sourceLocation: sourceLocation)
        #expect(headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(label)", sourceLocation: sourceLocation)
        #expect(
            headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(label)", sourceLocation: sourceLocation)
        #expect(
            headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(label)", sourceLocation: sourceLocation)
        #expect(headers[.cacheControl] == cache, "\(label)", sourceLocation: sourceLocation)
        #expect(
            headers[HTTPField.Name("Access-Control-Allow-Origin")!] == nil, "\(label): no CORS unless configured",
            sourceLocation: sourceLocation)
    }

    @Test(
        "JSON answers, errors, 404s, redirects, pages, refused forms and assets all carry the headers",
        arguments: [TestingSetup.router, .live])
    func everyAnswer(setup: TestingSetup) async throws {
        try await withServer(.sqlite, setup: setup) { harness in
            let (_, token) = try await harness.user("ada")
            let json: [(HTTPRequest.Method, String, String?, HTTPResponse.Status)] = [
                (.get, "/health", nil, .ok), (.get, "/openapi.json", nil, .ok), (.get, "/api/me", token, .ok),
                (.get, "/api/me", nil, .unauthorized), (.get, "/api/health/2025-13-01", token, .badRequest),
                (.get, "/nope", nil, .notFound), (.delete, "/health", nil, .methodNotAllowed),
            ]
            for (method, path, key, status) in json {
                let reply = try await harness.send(method, path, token: key)
                #expect(reply.status == status, "\(method) \(path)")
                Self.expectSecured(reply.headers, page: false, "\(method) \(path)")
            }
            let anonymous = DashboardBrowser(harness.client)
            let redirect = try await anonymous.get("/trends")
            #expect(redirect.status == .seeOther)
            Self.expectSecured(redirect.headers, page: false, "redirect to sign-in")
            let signIn = try await anonymous.get("/sign-in")
            #expect(signIn.status == .ok)
            Self.expectSecured(signIn.headers, page: true, "sign-in page")
            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            for path in ["/", "/day/2025-11-16", "/trends", "/calendar", "/records", "/sync", "/trends?range=bad"] {
                let page = try await browser.get(path)
                #expect(page.status == (path.hasSuffix("bad") ? .badRequest : .ok), "\(path)")
                Self.expectSecured(page.headers, page: true, path)
            }
            let forged = try await browser.post("/records/new?kind=weight", [("value", "70")])
            #expect(forged.status == .forbidden)
            Self.expectSecured(forged.headers, page: true, "refused form")
            let css = try await browser.get("/assets/dashboard.css")
            Self.expectSecured(css.headers, page: false, cache: "max-age=3600", "stylesheet")
        }
    }
}
