import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsTesting

@testable import VitalsServer

/// Each user's token has a request budget: a burst, then a sustained rate; beyond it 429 with
/// `Retry-After`, for that user only.
@Suite("Server: per-token rate limit")
struct RateLimitTests {
    @Test(
        "A burst passes, the next request is 429 with Retry-After; the bucket refills with time; other users are not slowed",
        arguments: Backend.allCases)
    func bucket(backend: Backend) async throws {
        let clock = TestClock(ServerConfiguration.fixedNow)
        var configuration = clock.configuration
        configuration.rateLimitPerSecond = 0.5
        configuration.rateLimitBurst = 3
        try await withServer(backend, configuration: configuration, setup: .live) { harness in
            let (adaUser, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            for _ in 0..<3 { #expect(try await harness.send(.get, "/api/me", token: ada).status == .ok) }
            let refused = try await harness.send(.get, "/api/me", token: ada)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "2", "one token refills in 2 s at 0.5 a second")
            #expect((refused.object["error"] as? [String: Any])?["code"] as? String == "rate_limited")
            // Writes count too, and are refused before they are read.
            let write = try await harness.send(
                .post, "/api/v1/health/daily", token: ada, json: #"{"date":"2025-11-16","steps":1}"#)
            #expect(write.status == .tooManyRequests)
            #expect(
                try await harness.repository.snapshots(of: adaUser, on: LocalDate(parsing: "2025-11-16")).isEmpty,
                "nothing stored")
            #expect(try await harness.send(.get, "/api/me", token: bob).status == .ok, "bob has his own bucket")

            clock.advance(1)
            let early = try await harness.send(.get, "/api/me", token: ada)
            #expect(early.status == .tooManyRequests && early.headers[.retryAfter] == "1")
            clock.advance(1)
            #expect(try await harness.send(.get, "/api/me", token: ada).status == .ok)
            clock.advance(60)
            for _ in 0..<3 {
                #expect(try await harness.send(.get, "/api/me", token: ada).status == .ok, "full again, not more")
            }
            #expect(try await harness.send(.get, "/api/me", token: ada).status == .tooManyRequests)
        }
    }

    @Test("A rate of 0 turns the limit off")
    func off() async throws {
        var configuration = ServerConfiguration.testing
        configuration.rateLimitPerSecond = 0
        configuration.rateLimitBurst = 1
        try await withServer(.sqlite, configuration: configuration) { harness in
            let (_, ada) = try await harness.user("ada")
            for _ in 0..<20 { #expect(try await harness.send(.get, "/api/me", token: ada).status == .ok) }
        }
    }
}
