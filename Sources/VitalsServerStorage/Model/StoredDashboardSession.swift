import Foundation

/// A signed-in dashboard session as the repository keeps it.
///
/// The session id itself (the cookie's value) is never stored: only its SHA-256, so the table
/// alone cannot be replayed. Kept in the database, a session outlives a restart and works on
/// every `vitals serve` process sharing the database.
public struct StoredDashboardSession: Sendable, Hashable {
    /// The SHA-256 of the session id, as 64 lowercase hex digits.
    public var idHash: String
    /// The user who signed in.
    public var userID: Int64
    /// The hash of the API token the session was opened with (a replaced token ends it).
    public var tokenHash: String
    /// What every state-changing form of the session must post back (CSRF).
    public var csrfToken: String
    /// When the session ends.
    public var expires: Date

    public init(idHash: String, userID: Int64, tokenHash: String, csrfToken: String, expires: Date) {
        self.idHash = idHash
        self.userID = userID
        self.tokenHash = tokenHash
        self.csrfToken = csrfToken
        self.expires = expires
    }
}
