import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore

@testable import VitalsServer

/// CORS only for the configured origins and only on the API; none at all by default.
@Suite("Server: CORS for configured origins")
struct CORSTests {
    static let app = "https://app.example.com"

    static func send(
        _ harness: Harness, _ method: HTTPRequest.Method, _ uri: String, origin: String,
        token: String? = nil, preflight: Bool = false
    ) async throws -> HTTPResponse {
        var headers: HTTPFields = [.origin: origin]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if preflight {
            headers[.accessControlRequestMethod] = "GET"
            headers[.accessControlRequestHeaders] = "authorization"
        }
        return try await harness.client.execute(uri: uri, method: method, headers: headers).head
    }

    @Test(
        "An allowed origin gets its preflight and answers (errors too); others, and the dashboard, get nothing",
        arguments: [TestingSetup.router, .live])
    func configured(setup: TestingSetup) async throws {
        var configuration = ServerConfiguration.testing
        configuration.corsOrigins = [Self.app]
        try await withServer(.sqlite, configuration: configuration, setup: setup) { harness in
            let (_, token) = try await harness.user("ada")
            let preflight = try await Self.send(harness, .options, "/api/me", origin: Self.app, preflight: true)
            #expect(preflight.status == .noContent)
            #expect(preflight.headerFields[.accessControlAllowOrigin] == Self.app)
            #expect(preflight.headerFields[.accessControlAllowHeaders]?.contains("Authorization") == true)
            #expect(preflight.headerFields[.accessControlAllowCredentials] == nil)
            let allowed = try await Self.send(harness, .get, "/api/me", origin: Self.app, token: token)
            #expect(allowed.status == .ok && allowed.headerFields[.accessControlAllowOrigin] == Self.app)
            #expect(allowed.headerFields[.vary] == "Origin")
            let refused = try await Self.send(harness, .get, "/api/me", origin: Self.app)
            #expect(
                refused.status == .unauthorized && refused.headerFields[.accessControlAllowOrigin] == Self.app,
                "the page's script can read why it was refused")
            for origin in ["https://evil.example", "https://app.example.com:8443", "http://app.example.com"] {
                let other = try await Self.send(harness, .get, "/api/me", origin: origin, token: token)
                #expect(other.headerFields[.accessControlAllowOrigin] == nil, "\(origin)")
                let otherPreflight = try await Self.send(harness, .options, "/api/me", origin: origin, preflight: true)
                #expect(
                    otherPreflight.status != .noContent && otherPreflight.headerFields[.accessControlAllowOrigin] == nil
                )
            }
            let page = try await Self.send(harness, .get, "/sign-in", origin: Self.app)
            #expect(page.status == .ok && page.headerFields[.accessControlAllowOrigin] == nil, "the dashboard never")
        }
    }

    @Test("Without origins configured no answer has a CORS header and a preflight is not granted")
    func unconfigured() async throws {
        try await withServer(.sqlite) { harness in
            let (_, token) = try await harness.user("ada")
            let preflight = try await Self.send(harness, .options, "/api/me", origin: Self.app, preflight: true)
            #expect(preflight.status != .noContent && preflight.headerFields[.accessControlAllowOrigin] == nil)
            let plain = try await Self.send(harness, .get, "/api/me", origin: Self.app, token: token)
            #expect(plain.status == .ok && plain.headerFields[.accessControlAllowOrigin] == nil)
        }
    }
}
