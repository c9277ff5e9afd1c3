import Foundation
import GRDB
import Testing
import VitalsTesting

@testable import VitalsPostgres
@testable import VitalsServer
@testable import VitalsServerStorage

/// The session table in the repository, on both backends: ids kept hashed, expiry, the per-user
/// limit, and the sessions a replaced token or a removed user ends.
@Suite("Server: dashboard session table")
struct DashboardSessionsTests {
    @Test(
        "An id is 256 random bits handed out once; only its SHA-256 is a key; it expires with its lifetime",
        arguments: Backend.allCases)
    func idsAndExpiry(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada")
            let clock = TestClock(ServerConfiguration.fixedNow)
            let sessions = DashboardSessions(repository: harness.repository, lifetime: 60, now: { clock.now })
            let (id, session) = try await sessions.open(for: ada, tokenHash: "hash")
            #expect(id.count == 64 && session.idHash == TokenHasher.hash(id) && session.idHash != id)
            #expect(session.csrfToken.count == 64 && session.csrfToken != id && session.userID == ada.id)
            #expect(try await sessions.session(id: id) == session)
            #expect(try await sessions.session(id: session.idHash) == nil, "the stored hash does not open the session")
            #expect(try await sessions.session(id: id.uppercased()) == nil)
            let (other, _) = try await sessions.open(for: ada, tokenHash: "hash")
            #expect(other != id)
            clock.advance(59)
            #expect(try await sessions.session(id: id) != nil)
            clock.advance(1)
            #expect(try await sessions.session(id: id) == nil)
            #expect(try await sessions.session(id: other) == nil)
            // Expired sessions are deleted when the next one is opened.
            #expect(try await Self.rows(in: harness.repository) == 2)
            _ = try await sessions.open(for: ada, tokenHash: "hash")
            #expect(try await Self.rows(in: harness.repository) == 1)
        }
    }

    @Test(
        "A user's sign-ins past the per-user limit end that user's oldest sessions, never another user's",
        arguments: Backend.allCases)
    func perUserLimit(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada")
            let (bob, _) = try await harness.user("bob")
            let clock = TestClock(ServerConfiguration.fixedNow)
            let sessions = DashboardSessions(
                repository: harness.repository, lifetime: 3600, perUser: 3, now: { clock.now })
            let (bobs, _) = try await sessions.open(for: bob, tokenHash: "b")
            var adas: [String] = []
            for _ in 0..<10 {
                clock.advance(1)
                adas.append(try await sessions.open(for: ada, tokenHash: "a").id)
            }
            #expect(try await sessions.session(id: bobs) != nil)
            var open: [Bool] = []
            for id in adas { open.append(try await sessions.session(id: id) != nil) }
            #expect(open == Array(repeating: false, count: 7) + [true, true, true])
            #expect(try await Self.rows(in: harness.repository) == 4)
        }
    }

    @Test(
        "Replacing a user's token deletes their sessions; removing a user deletes theirs; a removed user gets none",
        arguments: Backend.allCases)
    func endedWithTheAccount(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada")
            let (bob, _) = try await harness.user("bob")
            let sessions = DashboardSessions(
                repository: harness.repository, lifetime: 3600,
                now: { ServerConfiguration.fixedNow })
            let (adas, _) = try await sessions.open(for: ada, tokenHash: "a")
            let (bobs, _) = try await sessions.open(for: bob, tokenHash: "b")
            _ = try await harness.repository.replaceToken(
                ofUser: "ada", tokenHash: "new", at: ServerConfiguration.fixedNow)
            #expect(try await sessions.session(id: adas) == nil)
            #expect(try await sessions.session(id: bobs) != nil)
            _ = try await harness.repository.removeUser(named: "bob")
            #expect(try await sessions.session(id: bobs) == nil)
            #expect(try await Self.rows(in: harness.repository) == 0)
            // A sign-in racing the user's removal stores nothing (and does not fail).
            let (late, _) = try await sessions.open(for: bob, tokenHash: "b")
            #expect(try await sessions.session(id: late) == nil)
        }
    }

    /// The rows of the session table, expired ones included.
    static func rows(in repository: any HealthRepository) async throws -> Int {
        if let sqlite = repository as? SQLiteRepository {
            return try await sqlite.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM dashboard_sessions") ?? -1
            }
        }
        let postgres = try #require(repository as? PostgresRepository)
        for try await count in try await postgres.client.query("SELECT COUNT(*) FROM dashboard_sessions").decode(
            Int.self)
        {
            return count
        }
        return -1
    }
}
