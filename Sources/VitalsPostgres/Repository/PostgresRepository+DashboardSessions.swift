import Foundation
import PostgresNIO
import VitalsServerStorage

/// The dashboard's signed-in sessions (``StoredDashboardSession``), shared by every server on the database.
extension PostgresRepository: DashboardSessionStore {
    /// One row per session, keyed by the hash of its id; a removed user's go with them.
    static let dashboardSessionsMigration: [String] = [
        """
        CREATE TABLE dashboard_sessions (
            id_hash TEXT PRIMARY KEY,
            user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL,
            csrf_token TEXT NOT NULL,
            expires TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions(user_id, expires)",
        "CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions(expires)",
    ]

    public func openDashboardSession(
        _ session: StoredDashboardSession, keepingPerUser perUser: Int, at date: Date
    )
        async throws
    {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("DELETE FROM dashboard_sessions WHERE expires <= \(date)", logger: logger)
                try await connection.query(
                    """
                    DELETE FROM dashboard_sessions WHERE id_hash IN (
                        SELECT id_hash FROM dashboard_sessions WHERE user_id = \(session.userID)
                        ORDER BY expires DESC, id_hash OFFSET \(max(perUser - 1, 0)))
                    """, logger: logger)
                // Nothing is stored for a user removed since signing in: the next page asks to sign in.
                try await connection.query(
                    """
                    INSERT INTO dashboard_sessions (id_hash, user_id, token_hash, csrf_token, expires)
                    SELECT \(session.idHash), id, \(session.tokenHash), \(session.csrfToken), \(session.expires)
                    FROM users WHERE id = \(session.userID)
                    """, logger: logger)
            }
        }
    }

    public func dashboardSession(idHash: String, at date: Date) async throws -> StoredDashboardSession? {
        try await guarded {
            for try await row in try await client.query(
                """
                SELECT user_id, token_hash, csrf_token, expires FROM dashboard_sessions
                WHERE id_hash = \(idHash) AND expires > \(date)
                """, logger: logger)
            {
                let cells = row.makeRandomAccess()
                return StoredDashboardSession(
                    idHash: idHash, userID: try cells.value("user_id"),
                    tokenHash: try cells.value("token_hash"),
                    csrfToken: try cells.value("csrf_token"),
                    expires: try cells.value("expires"))
            }
            return nil
        }
    }

    public func closeDashboardSession(idHash: String) async throws {
        try await guarded {
            try await client.query("DELETE FROM dashboard_sessions WHERE id_hash = \(idHash)", logger: logger)
        }
    }
}
