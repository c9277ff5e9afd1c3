import Foundation
import Testing
import VitalsCore
import VitalsTesting

@testable import VitalsServer

/// Tokens with an expiry stop working at it, everywhere (API, dashboard sign-in and sessions),
/// even when the token cache still holds them; removing a user erases them and their data only.
@Suite("Server: token expiry and user removal")
struct TokenExpiryTests {
    @Test("A token works until its expiry and is refused from that instant, cached or not", arguments: Backend.allCases)
    func expiry(backend: Backend) async throws {
        let clock = TestClock(ServerConfiguration.fixedNow)
        var configuration = ServerConfiguration.testing
        configuration.now = { clock.now }
        configuration.tokenCacheSeconds = 3600
        try await withServer(backend, configuration: configuration) { harness in
            let token = TokenHasher.newToken()
            let expiry = ServerConfiguration.fixedNow.addingTimeInterval(60)
            let user = try await harness.repository.addUser(
                name: "ada", timeZone: "UTC", tokenHash: TokenHasher.hash(token),
                expiresAt: expiry, at: ServerConfiguration.fixedNow)
            #expect(user.tokenExpiresAt == expiry)
            #expect(try await harness.repository.users().first?.tokenExpiresAt == expiry)
            let (_, forever) = try await harness.user("bob")
            #expect(try await harness.send(.get, "/api/me", token: token).status == .ok)
            let browser = try await DashboardBrowser.signedIn(harness.client, token)
            #expect(try await browser.get("/").status == .ok)

            clock.advance(60)
            #expect(
                try await harness.send(.get, "/api/me", token: token).status == .unauthorized,
                "expired although the token cache trusts it for an hour")
            #expect(try await browser.get("/").status == .seeOther, "the dashboard session ends with its token")
            #expect(try await DashboardBrowser(harness.client).signIn(token).status != .seeOther, "no new sign-in")
            #expect(try await harness.send(.get, "/api/me", token: forever).status == .ok)

            // Rotating gives a new token, here with no expiry: it works again.
            let fresh = TokenHasher.newToken()
            let rotated = try await harness.repository.replaceToken(
                ofUser: "ada", tokenHash: TokenHasher.hash(fresh),
                expiresAt: nil, at: clock.now)
            #expect(rotated.tokenExpiresAt == nil)
            #expect(try await harness.send(.get, "/api/me", token: fresh).status == .ok)
        }
    }

    @Test(
        "Removing a user erases their rows, token and account in one go; other users keep everything",
        arguments: Backend.allCases)
    func removal(backend: Backend) async throws {
        var configuration = ServerConfiguration.testing
        configuration.tokenCacheSeconds = 0
        try await withServer(backend, configuration: configuration) { harness in
            let (_, ada) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (bobUser, bob) = try await harness.user("bob", timeZone: "Europe/Berlin")
            let body = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            4321, "2025-11-16 09:00:00 +0100", "2025-11-16 09:30:00 +0100", "Phone")
                    ])
            ])
            for token in [ada, bob] { try #require(try await harness.ingest(token, body).status == .ok) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let bobBefore = try encoder.encode(try await harness.repository.export(bobUser))

            let erased = try await harness.repository.removeUser(named: "ada")
            #expect(erased.samples == 1 && erased.snapshots == 1 && erased.ingests == 1, "\(erased)")
            #expect(try await harness.repository.users().map(\.name) == ["bob"])
            #expect(try await harness.send(.get, "/api/me", token: ada).status == .unauthorized)
            #expect(try encoder.encode(try await harness.repository.export(bobUser)) == bobBefore)
            let again = await #expect(throws: VitalsError.self) {
                _ = try await harness.repository.removeUser(named: "ada")
            }
            #expect(again?.code == .notFound)
            // The name is free again, with nothing of the old account's.
            let (newAda, _) = try await harness.user("ada")
            #expect(try await harness.repository.export(newAda).samples.isEmpty)
        }
    }
}
