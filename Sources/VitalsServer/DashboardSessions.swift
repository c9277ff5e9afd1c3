import Foundation

/// The dashboard's signed-in sessions, in this process's memory.
///
/// A session id is 256 random bits (64 hex digits) handed to the browser once, in the session
/// cookie; only its SHA-256 hash is kept, so the table alone cannot be replayed. Each session
/// remembers the hash of the API token it was opened with (the server checks on every request
/// that it is still the user's token: replacing the token ends its sessions), its form token
/// (CSRF) and when it expires. A restart forgets every session: users sign in again.
final class DashboardSessions: @unchecked Sendable {
    /// One signed-in session.
    struct Session: Sendable, Hashable {
        /// The SHA-256 of the session id (the cookie's value).
        let idHash: String
        /// The user as of sign-in (the middleware reads the current one).
        let user: ServerUser
        /// The hash of the API token the session was opened with.
        let tokenHash: String
        /// What every state-changing form must post back.
        let csrfToken: String
        let expires: Date
    }

    private let lock = NSLock()
    private var sessions: [String: Session] = [:]
    private let lifetime: TimeInterval
    private let capacity: Int
    private let perUser: Int
    private let now: @Sendable () -> Date

    /// Sessions lasting `lifetime` seconds: at most `perUser` of one user (a new sign-in then
    /// ends that user's oldest, so no user can push the others' sessions out) and `capacity`
    /// in all (expired ones, then the oldest, go first).
    init(lifetime: TimeInterval, capacity: Int = 10_000, perUser: Int = 20,
         now: @escaping @Sendable () -> Date = { Date() }) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.perUser = perUser
        self.now = now
    }

    /// Opens a session for `user`, signed in with the token whose hash is `tokenHash`; returns
    /// the new session id (for the cookie, never stored) and the session.
    func open(for user: ServerUser, tokenHash: String) -> (id: String, session: Session) {
        let id = TokenHasher.randomHex()
        let session = Session(idHash: TokenHasher.hash(id), user: user, tokenHash: tokenHash,
                              csrfToken: TokenHasher.randomHex(), expires: now().addingTimeInterval(lifetime))
        let current = now()
        lock.lock()
        defer { lock.unlock() }
        let own = sessions.values.filter { $0.user.id == user.id }
        if own.count >= perUser, let oldest = own.min(by: { $0.expires < $1.expires }) {
            sessions[oldest.idHash] = nil
        }
        if sessions.count >= capacity {
            sessions = sessions.filter { $0.value.expires > current }
            if sessions.count >= capacity, let oldest = sessions.values.min(by: { $0.expires < $1.expires }) {
                sessions[oldest.idHash] = nil
            }
        }
        sessions[session.idHash] = session
        return (id, session)
    }

    /// The live session whose id is `id` (a cookie's value); `nil` for an unknown, malformed
    /// or expired one (an expired one is forgotten).
    func session(id: String) -> Session? {
        guard Self.isWellFormed(id) else { return nil }
        let hash = TokenHasher.hash(id)
        let current = now()
        lock.lock()
        defer { lock.unlock() }
        guard let session = sessions[hash] else { return nil }
        guard session.expires > current else {
            sessions[hash] = nil
            return nil
        }
        return session
    }

    /// Ends a session (sign-out, a replaced token).
    func close(_ session: Session) {
        lock.lock()
        defer { lock.unlock() }
        sessions[session.idHash] = nil
    }

    /// The number of sessions kept (expired ones included until looked up or pushed out).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return sessions.count
    }

    /// Whether `id` looks like a session id: 64 lowercase hex digits.
    private static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 64 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
