import Foundation
import PostgresNIO
import VitalsCore
import VitalsServerStorage

/// Users and their tokens.
extension PostgresRepository: UserAccountStore {
    public func addUser(
        name: String, timeZone: String, tokenHash: String, expiresAt: Date?, at date: Date
    ) async throws
        -> ServerUser
    {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query(
                    """
                    INSERT INTO users (name, time_zone, created_at) VALUES (\(name), \(timeZone), \(date))
                    ON CONFLICT (name) DO NOTHING RETURNING id
                    """, logger: logger)
                var id: Int64?
                for try await value in rows.decode(Int64.self) { id = value }
                guard let id else {
                    throw VitalsError(.duplicate, "a user with this name exists", at: InputLocation(field: "name"))
                }
                try await connection.query(
                    """
                    INSERT INTO tokens (user_id, token_hash, created_at, expires_at)
                    VALUES (\(id), \(tokenHash), \(date), \(expiresAt))
                    """, logger: logger)
                return ServerUser(id: id, name: name, timeZone: timeZone, tokenExpiresAt: expiresAt)
            }
        }
    }

    public func replaceToken(
        ofUser name: String, tokenHash: String, expiresAt: Date?, at date: Date
    ) async throws
        -> ServerUser
    {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var user: ServerUser?
                for try await row in try await connection.query(
                    "SELECT id, name, time_zone FROM users WHERE name = \(name)", logger: logger
                ) {
                    let cells = row.makeRandomAccess()
                    user = ServerUser(
                        id: try cells.value("id"), name: try cells.value("name"),
                        timeZone: try cells.value("time_zone"), tokenExpiresAt: expiresAt)
                }
                guard let user else {
                    throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                }
                try await connection.query(
                    """
                    INSERT INTO tokens (user_id, token_hash, created_at, expires_at)
                    VALUES (\(user.id), \(tokenHash), \(date), \(expiresAt))
                    ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at,
                        expires_at = excluded.expires_at
                    """, logger: logger)
                // The sessions opened with the old token end with it.
                try await connection.query("DELETE FROM dashboard_sessions WHERE user_id = \(user.id)", logger: logger)
                return user
            }
        }
    }

    public func user(tokenHash: String) async throws -> ServerUser? {
        try await guarded {
            for try await row in try await client.execute(
                PostgresPrepared.TokenUser(tokenHash: tokenHash), logger: logger)
            {
                return try Self.user(from: row)
            }
            return nil
        }
    }

    public func users() async throws -> [ServerUser] {
        try await guarded {
            var users: [ServerUser] = []
            for try await row in try await client.query(
                """
                SELECT u.id, u.name, u.time_zone, t.expires_at FROM users u LEFT JOIN tokens t ON t.user_id = u.id
                ORDER BY u.name
                """, logger: logger)
            {
                users.append(try Self.user(from: row))
            }
            return users
        }
    }

    /// A user from a row with `id`, `name`, `time_zone` and `expires_at` columns.
    private static func user(from row: PostgresRow) throws -> ServerUser {
        let cells = row.makeRandomAccess()
        return ServerUser(
            id: try cells.value("id"), name: try cells.value("name"),
            timeZone: try cells.value("time_zone"),
            tokenExpiresAt: try cells.value("expires_at"))
    }

    public func removeUser(named name: String) async throws -> ErasedCounts {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                func userID(locking: Bool) async throws -> Int64? {
                    var id: Int64?
                    for try await value in try await connection.query(
                        "SELECT id FROM users WHERE name = \(name) \(unescaped: locking ? "FOR UPDATE" : "")",
                        logger: logger
                    ).decode(Int64.self) {
                        id = value
                    }
                    return id
                }
                // The user's write lock first (as writes take it, before any row lock): a write in
                // flight commits before the erase below, which then sees its samples (`samples`
                // has no foreign key to hold them back), and a write after it finds no user.
                guard let id = try await userID(locking: false) else {
                    throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                }
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.userWriteLock), \(Self.lockKey(ofUserID: id)))",
                    logger: logger)
                guard try await userID(locking: true) == id else {
                    throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                }
                var counts = try await Self.erase(userID: id, on: connection, logger: logger)
                try await connection.query("DELETE FROM tokens WHERE user_id = \(id)", logger: logger)
                // Said outright, not left to the foreign keys: on Citus these may not be co-located with users.
                try await connection.query("DELETE FROM dashboard_sessions WHERE user_id = \(id)", logger: logger)
                counts.importJobs += try await Self.delete(from: "import_jobs", of: id, on: connection, logger: logger)
                try await connection.query("DELETE FROM users WHERE id = \(id)", logger: logger)
                return counts
            }
        }
    }
}
