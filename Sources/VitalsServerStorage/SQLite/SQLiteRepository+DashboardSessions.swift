import Foundation
import GRDB

/// The dashboard's signed-in sessions (``StoredDashboardSession``).
extension SQLiteRepository: DashboardSessionStore {
    /// One row per session, keyed by the hash of its id; a removed user's go with them.
    static func registerDashboardSessions(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("server-v9-dashboard-sessions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE dashboard_sessions (
                        id_hash TEXT PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        token_hash TEXT NOT NULL,
                        csrf_token TEXT NOT NULL,
                        expires REAL NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions(user_id, expires);
                    CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions(expires);
                    """)
        }
    }

    public func openDashboardSession(
        _ session: StoredDashboardSession, keepingPerUser perUser: Int, at date: Date
    )
        async throws
    {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM dashboard_sessions WHERE expires <= ?", arguments: [date.timeIntervalSince1970])
            try db.execute(
                sql: """
                    DELETE FROM dashboard_sessions WHERE id_hash IN (
                        SELECT id_hash FROM dashboard_sessions WHERE user_id = ?
                        ORDER BY expires DESC, id_hash LIMIT -1 OFFSET ?)
                    """, arguments: [session.userID, max(perUser - 1, 0)])
            // Nothing is stored for a user removed since signing in: the next page asks to sign in.
            try db.execute(
                sql: """
                    INSERT INTO dashboard_sessions (id_hash, user_id, token_hash, csrf_token, expires)
                    SELECT ?, id, ?, ?, ? FROM users WHERE id = ?
                    """,
                arguments: [
                    session.idHash, session.tokenHash, session.csrfToken,
                    session.expires.timeIntervalSince1970, session.userID,
                ])
        }
    }

    public func dashboardSession(idHash: String, at date: Date) async throws -> StoredDashboardSession? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT id_hash, user_id, token_hash, csrf_token, expires FROM dashboard_sessions
                        WHERE id_hash = ? AND expires > ?
                        """), arguments: [idHash, date.timeIntervalSince1970]
            ).map { row in
                StoredDashboardSession(
                    idHash: row["id_hash"], userID: row["user_id"], tokenHash: row["token_hash"],
                    csrfToken: row["csrf_token"],
                    expires: Date(timeIntervalSince1970: row["expires"]))
            }
        }
    }

    public func closeDashboardSession(idHash: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM dashboard_sessions WHERE id_hash = ?", arguments: [idHash])
        }
    }
}
