import Foundation
import Testing
@testable import VitalsServer

/// The in-memory session table: ids kept hashed, expiry, and the limits that keep one user
/// from pushing the others' sessions out.
@Suite("Server: dashboard session table")
struct DashboardSessionsTests {
    static let ada = ServerUser(id: 1, name: "ada", timeZone: "UTC")
    static let bob = ServerUser(id: 2, name: "bob", timeZone: "UTC")

    @Test("An id is 256 random bits handed out once; only its SHA-256 is a key; it expires with its lifetime")
    func idsAndExpiry() {
        let clock = SettableClock(ServerConfiguration.fixedNow)
        let sessions = DashboardSessions(lifetime: 60, now: { clock.now })
        let (id, session) = sessions.open(for: Self.ada, tokenHash: "hash")
        #expect(id.count == 64 && session.idHash == TokenHasher.hash(id) && session.idHash != id)
        #expect(session.csrfToken.count == 64 && session.csrfToken != id)
        #expect(sessions.session(id: id) == session)
        #expect(sessions.session(id: session.idHash) == nil)
        #expect(sessions.session(id: id.uppercased()) == nil)
        let (other, _) = sessions.open(for: Self.ada, tokenHash: "hash")
        #expect(other != id)
        clock.advance(59)
        #expect(sessions.session(id: id) != nil)
        clock.advance(1)
        #expect(sessions.session(id: id) == nil && sessions.session(id: other) == nil)
    }

    @Test("A user's sign-ins past the per-user limit end that user's oldest session, never another user's")
    func perUserLimit() {
        let clock = SettableClock(ServerConfiguration.fixedNow)
        let sessions = DashboardSessions(lifetime: 3600, capacity: 100, perUser: 3, now: { clock.now })
        let (bob, _) = sessions.open(for: Self.bob, tokenHash: "b")
        var ada: [String] = []
        for _ in 0..<10 {
            clock.advance(1)
            ada.append(sessions.open(for: Self.ada, tokenHash: "a").id)
        }
        #expect(sessions.session(id: bob) != nil)
        #expect(ada.map { sessions.session(id: $0) != nil } == Array(repeating: false, count: 7) + [true, true, true])
        #expect(sessions.count == 4)
    }

    @Test("When the table is full, expired sessions go first, then the oldest")
    func capacity() {
        let clock = SettableClock(ServerConfiguration.fixedNow)
        let sessions = DashboardSessions(lifetime: 10, capacity: 3, perUser: 10, now: { clock.now })
        let users = (1...5).map { ServerUser(id: Int64($0), name: "u\($0)", timeZone: "UTC") }
        let first = sessions.open(for: users[0], tokenHash: "1").id
        clock.advance(5)
        let second = sessions.open(for: users[1], tokenHash: "2").id
        let third = sessions.open(for: users[2], tokenHash: "3").id
        clock.advance(6)  // the first has expired
        let fourth = sessions.open(for: users[3], tokenHash: "4").id
        #expect([first, second, third, fourth].map { sessions.session(id: $0) != nil } == [false, true, true, true])
        let fifth = sessions.open(for: users[4], tokenHash: "5").id
        #expect(sessions.count == 3 && sessions.session(id: fifth) != nil)
    }
}
