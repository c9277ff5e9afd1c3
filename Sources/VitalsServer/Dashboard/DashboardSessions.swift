import Foundation
import VitalsServerStorage

/// The dashboard's signed-in sessions, kept in the repository (``StoredDashboardSession``).
///
/// A session id is 256 random bits (64 hex digits) handed to the browser once, in the session
/// cookie; only its SHA-256 hash is stored, so the table alone cannot be replayed. Each session
/// remembers the hash of the API token it was opened with (the server checks on every request
/// that it is still the user's token, and replacing the token deletes its sessions), its form
/// token (CSRF) and when it expires. Being in the database, sessions outlive a restart and
/// work on every `vitals serve` process that shares it: a load balancer needs no sticky sessions.
struct DashboardSessions: Sendable {
    let repository: any DashboardSessionStore
    /// How long a session lasts after sign-in, in seconds.
    let lifetime: TimeInterval
    /// The most sessions one user keeps: a new sign-in beyond it ends the user's oldest.
    let perUser: Int
    let now: @Sendable () -> Date

    /// Sessions lasting `lifetime` seconds, at most `perUser` of one user (so no user can fill
    /// the table); expired ones are deleted whenever a session is opened.
    init(
        repository: any DashboardSessionStore, lifetime: TimeInterval, perUser: Int = 20,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.repository = repository
        self.lifetime = lifetime
        self.perUser = perUser
        self.now = now
    }

    /// Opens a session for `user`, signed in with the token whose hash is `tokenHash`; returns
    /// the new session id (for the cookie, never stored) and the session.
    func open(for user: ServerUser, tokenHash: String) async throws -> (id: String, session: StoredDashboardSession) {
        let id = TokenHasher.randomHex()
        let current = now()
        let session = StoredDashboardSession(
            idHash: TokenHasher.hash(id), userID: user.id, tokenHash: tokenHash,
            csrfToken: TokenHasher.randomHex(),
            expires: current.addingTimeInterval(lifetime))
        try await repository.openDashboardSession(session, keepingPerUser: perUser, at: current)
        return (id, session)
    }

    /// The live session whose id is `id` (a cookie's value); `nil` for an unknown, malformed
    /// or expired one.
    func session(id: String) async throws -> StoredDashboardSession? {
        guard Self.isWellFormed(id) else { return nil }
        return try await repository.dashboardSession(idHash: TokenHasher.hash(id), at: now())
    }

    /// Ends a session (sign-out, a replaced token).
    func close(_ session: StoredDashboardSession) async throws {
        try await repository.closeDashboardSession(idHash: session.idHash)
    }

    /// Whether `id` looks like a session id: 64 lowercase hex digits.
    private static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 64 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
