import Foundation
import GRDB
import VitalsCore

/// Users and their tokens.
extension SQLiteRepository: UserAccountStore {
    public func addUser(
        name: String, timeZone: String, tokenHash: String, expiresAt: Date?, at date: Date
    ) async throws
        -> ServerUser
    {
        try await write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE name = ?", arguments: [name]) == true {
                throw VitalsError(.duplicate, "a user with this name exists", at: InputLocation(field: "name"))
            }
            try db.execute(
                sql: "INSERT INTO users (name, time_zone, created_at) VALUES (?, ?, ?)",
                arguments: [name, timeZone, date.timeIntervalSince1970])
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [id, tokenHash, date.timeIntervalSince1970, expiresAt?.timeIntervalSince1970])
            return ServerUser(id: id, name: name, timeZone: timeZone, tokenExpiresAt: expiresAt)
        }
    }

    public func replaceToken(
        ofUser name: String, tokenHash: String, expiresAt: Date?, at date: Date
    ) async throws
        -> ServerUser
    {
        try await write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, name, time_zone FROM users WHERE name = ?",
                    arguments: [name])
            else {
                throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
            }
            let user = ServerUser(
                id: row["id"], name: row["name"], timeZone: row["time_zone"],
                tokenExpiresAt: expiresAt)
            try db.execute(
                sql: """
                    INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at,
                        expires_at = excluded.expires_at
                    """, arguments: [user.id, tokenHash, date.timeIntervalSince1970, expiresAt?.timeIntervalSince1970])
            // The sessions opened with the old token end with it.
            try db.execute(sql: "DELETE FROM dashboard_sessions WHERE user_id = ?", arguments: [user.id])
            return user
        }
    }

    public func user(tokenHash: String) async throws -> ServerUser? {
        try await read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT u.id, u.name, u.time_zone, t.expires_at FROM tokens t JOIN users u ON u.id = t.user_id
                        WHERE t.token_hash = ?
                        """), arguments: [tokenHash]
            ).map(Self.user)
        }
    }

    public func users() async throws -> [ServerUser] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT u.id, u.name, u.time_zone, t.expires_at FROM users u LEFT JOIN tokens t ON t.user_id = u.id
                    ORDER BY u.name
                    """
            ).map(Self.user)
        }
    }

    /// A user from a row with `id`, `name`, `time_zone` and `expires_at` columns.
    private static func user(_ row: Row) -> ServerUser {
        ServerUser(
            id: row["id"], name: row["name"], timeZone: row["time_zone"],
            tokenExpiresAt: (row["expires_at"] as Double?).map { Date(timeIntervalSince1970: $0) })
    }

    public func removeUser(named name: String) async throws -> ErasedCounts {
        try await write { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE name = ?", arguments: [name]) else {
                throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
            }
            var counts = try Self.erase(userID: id, in: db)
            try db.execute(sql: "DELETE FROM tokens WHERE user_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM dashboard_sessions WHERE user_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM import_jobs WHERE user_id = ?", arguments: [id])
            counts.importJobs += db.changesCount
            try db.execute(sql: "DELETE FROM daily_statistics_epochs WHERE user_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [id])
            return counts
        }
    }
}
