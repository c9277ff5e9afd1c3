import GRDB

/// Each user's characteristics (an export's `Me` element: date of birth, biological sex...).
extension SQLiteRepository {
    /// One row per user and HealthKit characteristic identifier; an import's `Me` element replaces the user's rows.
    static func registerCharacteristics(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("server-v8-characteristics") { db in
            try db.execute(
                sql: """
                    CREATE TABLE characteristics (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        identifier TEXT NOT NULL,
                        value TEXT NOT NULL,
                        PRIMARY KEY (user_id, identifier)
                    ) WITHOUT ROWID;
                    """)
        }
    }

    public func characteristics(of user: ServerUser) async throws -> [String: String] {
        try await read { db in try Self.characteristics(of: user.id, in: db) }
    }

    /// Replaces the characteristics of user `id` with `values`, in the caller's transaction.
    static func replaceCharacteristics(of id: Int64, with values: [String: String], in db: Database) throws {
        try db.execute(sql: "DELETE FROM characteristics WHERE user_id = ?", arguments: [id])
        for (identifier, value) in values {
            try db.execute(
                sql: "INSERT INTO characteristics (user_id, identifier, value) VALUES (?, ?, ?)",
                arguments: [id, identifier, value])
        }
    }

    /// The characteristics of user `id`, by identifier.
    static func characteristics(of id: Int64, in db: Database) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT identifier, value FROM characteristics WHERE user_id = ?",
            arguments: [id])
        {
            values[row["identifier"]] = row["value"]
        }
        return values
    }
}
