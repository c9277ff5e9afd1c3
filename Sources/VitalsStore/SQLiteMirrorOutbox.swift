public import Foundation
import GRDB
import VitalsCore
public import VitalsInsights

/// The mirror's waiting writes and links in the SQLite health store's file (migration `v7-mirror`).
public struct SQLiteMirrorOutbox: MirrorOutbox {
    /// The tables.
    private let tables: SQLiteTableAccess

    /// The outbox of `store`'s file; creates its tables when the file has none yet.
    public init(_ store: SQLiteHealthStore) throws {
        tables = try SQLiteTableAccess(store, subject: "the mirror outbox", migrator: Self.migrator)
    }

    /// The migrations of these tables in the store's file, oldest first.
    public static var schemaMigrations: [String] { migrator.migrations }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v7-mirror") { db in
            try db.execute(
                sql: """
                    CREATE TABLE mirror_outbox (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        local_uuid BLOB NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        last_failure TEXT
                    );
                    CREATE TABLE mirror_links (
                        local_uuid BLOB PRIMARY KEY,
                        mirrored_uuid BLOB NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    public func enqueue(_ localUUID: UUID) async throws {
        try await tables.write { db in
            try db.execute(sql: "INSERT INTO mirror_outbox (local_uuid) VALUES (?)", arguments: [localUUID])
        }
    }

    public func pending() async throws -> [MirrorWrite] {
        try await tables.read { db in
            try Row.fetchAll(db, sql: "SELECT id, local_uuid, attempts, last_failure FROM mirror_outbox ORDER BY id")
                .map { row in MirrorWrite(id: row[0], localUUID: row[1], attempts: row[2], lastFailure: row[3]) }
        }
    }

    public func complete(_ id: Int64) async throws {
        try await tables.write { db in try db.execute(sql: "DELETE FROM mirror_outbox WHERE id = ?", arguments: [id]) }
    }

    public func recordFailure(of id: Int64, reason: String) async throws {
        try await tables.write { db in
            try db.execute(
                sql: "UPDATE mirror_outbox SET attempts = attempts + 1, last_failure = ? WHERE id = ?",
                arguments: [reason, id])
        }
    }

    public func mirroredUUID(of local: UUID) async throws -> UUID? {
        try await tables.read { db in
            try UUID.fetchOne(
                db, sql: "SELECT mirrored_uuid FROM mirror_links WHERE local_uuid = ?", arguments: [local])
        }
    }

    public func link(_ local: UUID, to mirrored: UUID?) async throws {
        try await tables.write { db in
            if let mirrored {
                try db.execute(
                    sql: """
                        INSERT INTO mirror_links (local_uuid, mirrored_uuid) VALUES (?, ?)
                        ON CONFLICT (local_uuid) DO UPDATE SET mirrored_uuid = excluded.mirrored_uuid
                        """, arguments: [local, mirrored])
            } else {
                try db.execute(sql: "DELETE FROM mirror_links WHERE local_uuid = ?", arguments: [local])
            }
        }
    }
}
