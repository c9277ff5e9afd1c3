import GRDB

extension SQLiteHealthStore {
    /// The migrations a store file may have, oldest first (the insights module adds its own).
    public static var schemaMigrations: [String] { migrator.migrations }

    /// The schema, one migration per version; never edit a shipped migration.
    ///
    /// Change anchors: a sample's anchor is its row id and a tombstone's is drawn from the same
    /// counter (`anchors.changes`, advanced only by `SampleWriter`), so one counter orders every
    /// change and no anchor is ever reused, even after the newest sample is deleted.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE types (
                        id INTEGER PRIMARY KEY,
                        identifier TEXT NOT NULL UNIQUE,
                        max_duration REAL NOT NULL DEFAULT 0
                    );
                    CREATE TABLE sources (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        bundle_identifier TEXT NOT NULL,
                        is_watch INTEGER NOT NULL DEFAULT 0,
                        is_phone INTEGER NOT NULL DEFAULT 0,
                        UNIQUE (name, bundle_identifier)
                    );
                    CREATE TABLE devices (
                        id INTEGER PRIMARY KEY,
                        description TEXT NOT NULL UNIQUE
                    );
                    CREATE TABLE samples (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        uuid BLOB NOT NULL UNIQUE,
                        type_id INTEGER NOT NULL REFERENCES types(id),
                        start REAL NOT NULL,
                        "end" REAL NOT NULL,
                        value REAL,
                        unit TEXT,
                        source_id INTEGER NOT NULL REFERENCES sources(id),
                        source_version TEXT,
                        device_id INTEGER REFERENCES devices(id),
                        metadata TEXT
                    );
                    CREATE INDEX samples_by_type_start ON samples(type_id, start);
                    CREATE TABLE workouts (
                        sample_id INTEGER PRIMARY KEY REFERENCES samples(id) ON DELETE CASCADE,
                        activity_type INTEGER NOT NULL,
                        details TEXT NOT NULL
                    );
                    CREATE TABLE sample_links (
                        parent_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
                        child_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
                        PRIMARY KEY (parent_id, child_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX sample_links_by_child ON sample_links(child_id);
                    CREATE TABLE tombstones (
                        anchor INTEGER PRIMARY KEY,
                        uuid BLOB NOT NULL,
                        type_id INTEGER NOT NULL REFERENCES types(id),
                        deleted_at REAL NOT NULL
                    );
                    CREATE TABLE authorizations (
                        type_id INTEGER NOT NULL REFERENCES types(id),
                        access TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        PRIMARY KEY (type_id, access)
                    ) WITHOUT ROWID;
                    CREATE TABLE source_priorities (
                        type_id INTEGER NOT NULL REFERENCES types(id),
                        position INTEGER NOT NULL,
                        source_key TEXT NOT NULL,
                        PRIMARY KEY (type_id, position)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2-import") { db in
            try db.execute(
                sql: """
                    ALTER TABLE samples ADD COLUMN created REAL;
                    CREATE TABLE route_points (
                        workout_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
                        route INTEGER NOT NULL,
                        \(SharedSchema.routePointColumns)
                    );
                    CREATE INDEX route_points_by_workout ON route_points(workout_id, route, time);
                    CREATE TABLE heartbeats (
                        sample_id INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        bpm REAL NOT NULL,
                        time REAL NOT NULL,
                        PRIMARY KEY (sample_id, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE activity_summaries (
                        date TEXT PRIMARY KEY,
                        details TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE characteristics (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE imports (
                        id INTEGER PRIMARY KEY,
                        file TEXT NOT NULL,
                        export_date REAL,
                        finished_at REAL NOT NULL,
                        report TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3-anchors") { db in
            // Samples without AUTOINCREMENT: its sqlite_sequence update on every insert cost about a
            // quarter of an import's SQLite time. Ids and tombstones now draw from `anchors`, which
            // only the writer advances, so an anchor is still never reused. SQLite cannot drop
            // AUTOINCREMENT in place: the table is rebuilt (foreign keys are off during migrations).
            try db.execute(
                sql: """
                    CREATE TABLE anchors (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
                    INSERT INTO anchors (name, value)
                        VALUES ('changes', COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'samples'), 0));
                    CREATE TABLE samples_v3 (
                        id INTEGER PRIMARY KEY,
                        uuid BLOB NOT NULL UNIQUE,
                        type_id INTEGER NOT NULL REFERENCES types(id),
                        start REAL NOT NULL,
                        "end" REAL NOT NULL,
                        value REAL,
                        unit TEXT,
                        source_id INTEGER NOT NULL REFERENCES sources(id),
                        source_version TEXT,
                        device_id INTEGER REFERENCES devices(id),
                        metadata TEXT,
                        created REAL
                    );
                    INSERT INTO samples_v3 (id, uuid, type_id, start, "end", value, unit, source_id, source_version,
                                            device_id, metadata, created)
                        SELECT id, uuid, type_id, start, "end", value, unit, source_id, source_version,
                               device_id, metadata, created FROM samples;
                    DROP TABLE samples;
                    ALTER TABLE samples_v3 RENAME TO samples;
                    CREATE INDEX samples_by_type_start ON samples(type_id, start);
                    """)
        }
        // "v4-reminders" (the reminder tables) belongs to VitalsInsights' SQLiteReminderStore,
        // which runs it on this file itself; so does "v6-app-records" (the app's workout sessions and
        // meals) for SQLiteAppRecordStore.
        registerIngestionLedgerMigration(in: &migrator)
        // "v7-mirror" belongs to VitalsInsights' SQLiteMirrorOutbox.
        DailyStatisticsCache.registerMigration(in: &migrator)
        return migrator
    }
}
