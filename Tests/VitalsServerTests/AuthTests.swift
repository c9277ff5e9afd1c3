import Foundation
import HTTPTypes
import Testing
import VitalsCore
import VitalsServer
import VitalsTesting

@Suite("Server: users, tokens and isolation")
struct AuthTests {
    @Test("Liveness needs no token; /api needs a valid bearer token", arguments: Backend.allCases)
    func authRequired(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            #expect(try await harness.send(.get, "/health").status == .ok)
            let missing = try await harness.send(.get, "/api/me")
            #expect(missing.status == .unauthorized)
            #expect(missing.headers[.wwwAuthenticate] == "Bearer")
            let unknown = try await harness.send(.get, "/api/me", token: TokenHasher.newToken())
            let malformed = try await harness.send(.get, "/api/me", token: "not-a-token")
            // Unknown and malformed tokens are indistinguishable.
            #expect(unknown.status == .unauthorized && malformed.status == .unauthorized)
            #expect(unknown.body == malformed.body && unknown.body == missing.body)
            let me = try await harness.send(.get, "/api/me", token: token)
            #expect(me.status == .ok)
            #expect(me.object["name"] as? String == "ada")
        }
    }

    @Test("Rotating a token stops the old one", arguments: Backend.allCases)
    func rotation(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, old) = try await harness.user("ada")
            let new = TokenHasher.newToken()
            _ = try await harness.repository.replaceToken(
                ofUser: "ada", tokenHash: TokenHasher.hash(new),
                at: ServerConfiguration.fixedNow)
            #expect(try await harness.send(.get, "/api/me", token: old).status == .unauthorized)
            #expect(try await harness.send(.get, "/api/me", token: new).status == .ok)
            let missing = await #expect(throws: VitalsError.self) {
                _ = try await harness.repository.replaceToken(
                    ofUser: "nobody", tokenHash: "x", at: ServerConfiguration.fixedNow)
            }
            #expect(missing?.code == .notFound)
            let taken = await #expect(throws: VitalsError.self) { _ = try await harness.user("ada") }
            #expect(taken?.code == .duplicate)
        }
    }

    @Test("A rotated token keeps working only while the token cache trusts it", arguments: Backend.allCases)
    func cachedTokenExpires(backend: Backend) async throws {
        let clock = TestClock(ServerConfiguration.fixedNow)
        var configuration = ServerConfiguration.testing
        configuration.now = { clock.now }
        configuration.tokenCacheSeconds = 5
        try await withServer(backend, configuration: configuration) { harness in
            let (_, old) = try await harness.user("ada")
            #expect(try await harness.send(.get, "/api/me", token: old).status == .ok)
            let new = TokenHasher.newToken()
            _ = try await harness.repository.replaceToken(
                ofUser: "ada", tokenHash: TokenHasher.hash(new),
                at: ServerConfiguration.fixedNow)
            // Verified 0 s ago: still trusted; the new token works at once.
            #expect(try await harness.send(.get, "/api/me", token: old).status == .ok)
            #expect(try await harness.send(.get, "/api/me", token: new).status == .ok)
            clock.advance(6)
            #expect(try await harness.send(.get, "/api/me", token: old).status == .unauthorized)
            #expect(try await harness.send(.get, "/api/me", token: new).status == .ok)
        }
        configuration.tokenCacheSeconds = 0
        try await withServer(backend, configuration: configuration) { harness in
            let (_, old) = try await harness.user("bob")
            #expect(try await harness.send(.get, "/api/me", token: old).status == .ok)
            _ = try await harness.repository.replaceToken(
                ofUser: "bob", tokenHash: TokenHasher.hash(TokenHasher.newToken()),
                at: ServerConfiguration.fixedNow)
            #expect(try await harness.send(.get, "/api/me", token: old).status == .unauthorized)
        }
    }

    @Test("Tokens are 256 random bits and stored only as SHA-256")
    func tokens() {
        let token = TokenHasher.newToken()
        #expect(token.hasPrefix("vt_") && token.count == 3 + 64)
        #expect(TokenHasher.newToken() != token)
        #expect(TokenHasher.hash(token).count == 64)
        #expect(TokenHasher.hash(token) != token)
        // SHA-256 of "abc".
        #expect(TokenHasher.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
