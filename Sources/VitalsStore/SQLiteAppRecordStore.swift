public import Foundation
import GRDB
import VitalsCore
public import VitalsInsights

/// Workout sessions and meals in the SQLite health store's file, in tables of their own.
///
/// The tables are this module's (migration `v6-app-records`, run when the record store is made):
/// `workout_sessions`, `workout_rows` (deleted with their session), `nutrition_logs`,
/// `nutrition_log_items` (an ingested meal's items, deleted with their meal) and `record_syncs`
/// (the last sync time per kind).
public struct SQLiteAppRecordStore: AppRecordStore {
    /// The tables.
    let tables: SQLiteTableAccess

    /// The records of `store`'s file; creates their tables when the file has none yet.
    public init(_ store: SQLiteHealthStore) throws {
        tables = try SQLiteTableAccess(store, subject: "the workout and meal records", migrator: Self.migrator)
    }

    /// The migrations of these tables in the store's file, oldest first.
    public static var schemaMigrations: [String] { migrator.migrations }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v6-app-records") { db in
            try db.execute(
                sql: """
                    CREATE TABLE workout_sessions (
                        id BLOB PRIMARY KEY,
                        healthkit_uuid BLOB UNIQUE,
                        template TEXT NOT NULL,
                        activity INTEGER NOT NULL,
                        start_date REAL NOT NULL,
                        end_date REAL NOT NULL,
                        duration_minutes REAL NOT NULL,
                        active_kilocalories REAL,
                        distance_meters REAL,
                        source_name TEXT NOT NULL,
                        source_bundle TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX workout_sessions_by_start ON workout_sessions (start_date);
                    CREATE TABLE workout_rows (
                        id BLOB PRIMARY KEY,
                        session_id BLOB NOT NULL REFERENCES workout_sessions(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        activity INTEGER NOT NULL,
                        start_date REAL NOT NULL,
                        end_date REAL NOT NULL,
                        duration_minutes REAL NOT NULL,
                        active_kilocalories REAL,
                        distance_meters REAL,
                        UNIQUE (session_id, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE nutrition_logs (
                        id BLOB PRIMARY KEY,
                        day TEXT NOT NULL,
                        meal_type TEXT NOT NULL,
                        start_date REAL NOT NULL,
                        end_date REAL NOT NULL,
                        kilocalories REAL NOT NULL,
                        protein REAL,
                        carbohydrates REAL,
                        fat REAL,
                        confidence REAL NOT NULL,
                        source TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX nutrition_logs_by_day ON nutrition_logs (day);
                    CREATE TABLE nutrition_log_items (
                        uuid BLOB PRIMARY KEY,
                        log_id BLOB NOT NULL REFERENCES nutrition_logs(id) ON DELETE CASCADE,
                        eaten REAL NOT NULL,
                        kilocalories REAL,
                        protein REAL,
                        carbohydrates REAL,
                        fat REAL
                    ) WITHOUT ROWID;
                    CREATE INDEX nutrition_log_items_by_log ON nutrition_log_items (log_id);
                    CREATE TABLE record_syncs (
                        kind TEXT PRIMARY KEY,
                        synced_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    public func lastSync(of kind: IngestedRecordKind) async throws -> Date? {
        try await tables.read { db in
            try Double.fetchOne(
                db, sql: "SELECT synced_at FROM record_syncs WHERE kind = ?", arguments: [kind.rawValue]
            )
            .map { Date(timeIntervalSince1970: $0) }
        }
    }

    /// Deletes the record `id` of `table` with what belongs to it (by cascade); `false` when there was none.
    func delete(_ id: UUID, from table: String) async throws -> Bool {
        try await tables.write { db in
            try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Records `date` as `kind`'s last sync, unless a later one is recorded.
    static func recordSync(_ kind: IngestedRecordKind, at date: Date, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO record_syncs (kind, synced_at) VALUES (?, ?)
                ON CONFLICT (kind) DO UPDATE SET synced_at = max(synced_at, excluded.synced_at)
                """, arguments: [kind.rawValue, date.timeIntervalSince1970])
    }

    /// A stored value the records cannot be made of.
    static func unreadable(_ table: String) -> VitalsError {
        VitalsError(.database, "a stored record is unreadable", at: InputLocation(field: table))
    }
}
