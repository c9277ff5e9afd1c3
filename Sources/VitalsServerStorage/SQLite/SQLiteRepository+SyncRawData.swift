import Foundation
import GRDB
import VitalsContract
import VitalsCore

/// Each user's raw sync data (a journey sync's `rawData.healthkit`, per day and source).
extension SQLiteRepository {
    /// One row per user, day and source: the latest sync's raw HealthKit object, as compact JSON.
    static func registerSyncRawData(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("server-v12-sync-raw-data") { db in
            // A rowid table: a row holds up to 64 KiB, too large for WITHOUT ROWID's B-tree pages.
            try db.execute(
                sql: """
                    CREATE TABLE sync_raw_data (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        date TEXT NOT NULL,
                        source TEXT NOT NULL,
                        healthkit TEXT NOT NULL,
                        received_at REAL NOT NULL,
                        PRIMARY KEY (user_id, date, source)
                    );
                    """)
        }
    }

    /// Stores `raw` for user `id`, replacing their row of its day and source, in the caller's transaction.
    static func keep(_ raw: SyncRawData, of id: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO sync_raw_data (user_id, date, source, healthkit, received_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (user_id, date, source) DO UPDATE SET healthkit = excluded.healthkit,
                    received_at = excluded.received_at
                """,
            arguments: [
                id, raw.date.description, raw.source.rawValue, raw.healthkit.text,
                raw.receivedAt.timeIntervalSince1970,
            ])
    }

    /// The raw sync data of user `id`, by day, then source.
    static func syncRawData(of id: Int64, in db: Database) throws -> [SyncRawData] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT date, source, healthkit, received_at FROM sync_raw_data WHERE user_id = ? ORDER BY date, source
                """, arguments: [id]
        ).compactMap { row -> SyncRawData? in
            guard let date = try? LocalDate(parsing: row["date"]),
                let source = HealthSyncRequest.DataSource(rawValue: row["source"])
            else { return nil }
            return SyncRawData(
                date: date, source: source, healthkit: RawJSON(text: row["healthkit"]),
                receivedAt: Date(timeIntervalSince1970: row["received_at"]))
        }
    }
}
