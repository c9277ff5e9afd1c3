import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore

@testable import VitalsServer

/// `GET /metrics` behind its own token when one is configured; open otherwise.
@Suite("Server: /metrics token")
struct MetricsTokenTests {
    static let token = "scrape-0123456789abcdef"

    @Test(
        "With a metrics token only it opens /metrics; none, a wrong one and a user's API token get 401",
        arguments: [TestingSetup.router, .live])
    func guarded(setup: TestingSetup) async throws {
        var configuration = ServerConfiguration.testing
        configuration.metricsToken = Self.token
        try await withServer(.sqlite, configuration: configuration, setup: setup) { harness in
            let (_, userToken) = try await harness.user("ada")
            for presented in [nil, "wrong-0123456789abcdef", userToken, Self.token + "x"] {
                let reply = try await harness.send(.get, "/metrics", token: presented)
                #expect(reply.status == .unauthorized, "\(presented ?? "no token")")
                #expect(!reply.text.contains("http_requests"), "nothing of the metrics in a refusal")
            }
            let scraped = try await harness.send(.get, "/metrics", token: Self.token)
            #expect(scraped.status == .ok && scraped.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(
                try await harness.send(.get, "/api/me", token: Self.token).status == .unauthorized,
                "the metrics token is no user's")
        }
    }

    @Test("Without one /metrics stays open")
    func open() async throws {
        try await withServer(.sqlite) { harness in
            let reply = try await harness.send(.get, "/metrics")
            #expect(reply.status == .ok)
        }
    }
}
