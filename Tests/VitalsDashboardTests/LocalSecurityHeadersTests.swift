import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard

/// `vitals dashboard` (no sign-in, loopback) still answers every request with the security headers.
@Suite("Dashboard: security headers on a local store's answers")
struct LocalSecurityHeadersTests {
    typealias Headers = SecurityHeadersMiddleware<BasicRequestContext>

    @Test(
        "Pages get the page policy (this origin's script and stylesheet only), everything else none; no-store unless cached on purpose"
    )
    func headers() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        let expected: [(path: String, status: HTTPResponse.Status, page: Bool, cache: String)] = [
            ("/", .ok, true, "no-store"), ("/day/2025-11-16", .ok, true, "no-store"),
            ("/trends?range=bad", .badRequest, true, "no-store"),
            ("/assets/dashboard.js", .ok, false, "max-age=3600"), ("/nope", .notFound, false, "no-store"),
        ]
        try await fixture.application(now: Date()).test(.router) { client in
            for item in expected {
                let response = try await client.execute(uri: item.path, method: .get)
                #expect(response.status == item.status, "\(item.path)")
                let headers = response.headers
                #expect(
                    headers[.contentSecurityPolicy] == (item.page ? Headers.pagePolicy : Headers.otherPolicy),
                    "\(item.path)")
                #expect(headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(item.path)")
                #expect(headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(item.path)")
                #expect(headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(item.path)")
                #expect(headers[.cacheControl] == item.cache, "\(item.path)")
            }
        }
        #expect(!Headers.pagePolicy.contains("unsafe-inline") && Headers.pagePolicy.contains("script-src 'self'"))
    }
}
