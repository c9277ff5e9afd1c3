import GRDB
import VitalsStore

extension SQLiteRepository {
    /// The migrations a server database may have, oldest first.
    public static var schemaMigrations: [String] { migrator.migrations }

    /// The server's tables, one migration per version; never edit a shipped migration.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("server-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE,
                        time_zone TEXT NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE TABLE tokens (
                        user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL
                    );
                    CREATE TABLE health_snapshots (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        date TEXT NOT NULL,
                        source TEXT NOT NULL,
                        steps INTEGER, exercise_minutes INTEGER, stand_minutes INTEGER, sleep_minutes INTEGER,
                        active_calories REAL, resting_heart_rate REAL, hrv REAL, workouts_count INTEGER,
                        sleep_quality_score REAL, protein_logged INTEGER,
                        verification_level TEXT NOT NULL,
                        updated_at REAL NOT NULL,
                        PRIMARY KEY (user_id, date, source)
                    ) WITHOUT ROWID;
                    CREATE TABLE workout_records (
                        id INTEGER PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        external_id TEXT NOT NULL,
                        date TEXT NOT NULL,
                        source TEXT NOT NULL,
                        type TEXT NOT NULL,
                        duration_minutes REAL NOT NULL,
                        calories REAL, distance REAL,
                        start_time REAL NOT NULL, end_time REAL,
                        created_at REAL NOT NULL,
                        UNIQUE (user_id, external_id)
                    );
                    CREATE INDEX workout_records_by_day ON workout_records(user_id, date, source);
                    CREATE TABLE samples (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        uuid BLOB NOT NULL,
                        type TEXT NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL NOT NULL,
                        value REAL NOT NULL,
                        source_name TEXT NOT NULL,
                        PRIMARY KEY (user_id, uuid)
                    ) WITHOUT ROWID;
                    CREATE INDEX samples_by_type_start ON samples(user_id, type, start);
                    CREATE TABLE quests (
                        id TEXT PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        title TEXT NOT NULL,
                        metric TEXT NOT NULL,
                        comparison TEXT NOT NULL,
                        target REAL NOT NULL,
                        recurrence TEXT NOT NULL,
                        requires_verified INTEGER NOT NULL,
                        created_at REAL NOT NULL
                    );
                    CREATE INDEX quests_by_user ON quests(user_id, created_at);
                    CREATE TABLE quest_completions (
                        quest_id TEXT NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        period TEXT NOT NULL,
                        date TEXT NOT NULL,
                        completed_at REAL NOT NULL,
                        PRIMARY KEY (quest_id, period)
                    ) WITHOUT ROWID;
                    CREATE INDEX quest_completions_by_user ON quest_completions(user_id);
                    """)
        }
        migrator.registerMigration("server-v2-ingest-log") { db in
            // Each request to a write endpoint (GET /api/me/ingests): counts, types and reasons,
            // never a value. Paged by id, pruned by time; lists are JSON text.
            try db.execute(
                sql: """
                    CREATE TABLE ingest_log (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        received_at REAL NOT NULL,
                        kind TEXT NOT NULL,
                        status INTEGER NOT NULL,
                        error_code TEXT,
                        body_bytes INTEGER NOT NULL,
                        user_agent TEXT,
                        samples_received INTEGER NOT NULL,
                        samples_stored INTEGER NOT NULL,
                        workouts_received INTEGER NOT NULL,
                        workouts_stored INTEGER NOT NULL,
                        sample_types TEXT NOT NULL,
                        skipped TEXT NOT NULL,
                        days_updated TEXT NOT NULL
                    );
                    CREATE INDEX ingest_log_by_user ON ingest_log(user_id, id);
                    CREATE INDEX ingest_log_by_time ON ingest_log(user_id, received_at);
                    CREATE TABLE ingest_type_last (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        type TEXT NOT NULL,
                        ingest_id INTEGER NOT NULL,
                        received_at REAL NOT NULL,
                        PRIMARY KEY (user_id, type)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("server-v3-full-records") { db in
            // What the dashboard shows beyond statistics: sample metadata (MetadataJSON, NULL when
            // empty), an export's workouts whole (SampleJSON), their routes, and activity summaries.
            try db.execute(
                sql: """
                    ALTER TABLE samples ADD COLUMN metadata TEXT;
                    CREATE TABLE workout_samples (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        uuid BLOB NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL NOT NULL,
                        sample TEXT NOT NULL,
                        PRIMARY KEY (user_id, uuid)
                    ) WITHOUT ROWID;
                    CREATE INDEX workout_samples_by_start ON workout_samples(user_id, start);
                    CREATE TABLE route_points (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        workout_uuid BLOB NOT NULL,
                        route INTEGER NOT NULL,
                        position INTEGER NOT NULL,
                        \(SharedSchema.routePointColumns),
                        PRIMARY KEY (user_id, workout_uuid, route, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE activity_summaries (
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        date TEXT NOT NULL,
                        details TEXT NOT NULL,
                        PRIMARY KEY (user_id, date)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("server-v4-sample-type-ids") { db in
            // Samples get a rowid and an INTEGER type id (the identifiers live once in `types`, as
            // in the local store): a row and its index entries are a third smaller, new rows are
            // appended to the table, and only the small `(user_id, uuid)` index takes the random
            // order of sample UUIDs. A year's backfill stores in about half the time.
            try db.execute(
                sql: """
                    CREATE TABLE types (
                        id INTEGER PRIMARY KEY,
                        identifier TEXT NOT NULL UNIQUE
                    );
                    INSERT INTO types (identifier) SELECT DISTINCT type FROM samples ORDER BY type;
                    CREATE TABLE samples_v4 (
                        id INTEGER PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        uuid BLOB NOT NULL,
                        type_id INTEGER NOT NULL,
                        start REAL NOT NULL,
                        "end" REAL NOT NULL,
                        value REAL NOT NULL,
                        source_name TEXT NOT NULL,
                        metadata TEXT
                    );
                    INSERT INTO samples_v4 (user_id, uuid, type_id, start, "end", value, source_name, metadata)
                        SELECT s.user_id, s.uuid, t.id, s.start, s."end", s.value, s.source_name, s.metadata
                        FROM samples s JOIN types t ON t.identifier = s.type ORDER BY s.user_id, t.id, s.start;
                    DROP TABLE samples;
                    ALTER TABLE samples_v4 RENAME TO samples;
                    CREATE UNIQUE INDEX samples_by_uuid ON samples(user_id, uuid);
                    CREATE INDEX samples_by_type_start ON samples(user_id, type_id, start);
                    """)
        }
        migrator.registerMigration("server-v5-token-expiry") { db in
            // A token may work until a given instant (`vitals user add|token rotate --expires-in`); NULL: for good.
            try db.execute(sql: "ALTER TABLE tokens ADD COLUMN expires_at REAL")
        }
        registerDailyStatistics(in: &migrator)
        registerCharacteristics(in: &migrator)
        registerDashboardSessions(in: &migrator)
        registerImportJobs(in: &migrator)
        migrator.registerMigration("server-v11-ingest-revised") { db in
            // Samples a request stored as a measurement's new value (a running total sent again).
            try db.execute(sql: "ALTER TABLE ingest_log ADD COLUMN samples_revised INTEGER NOT NULL DEFAULT 0")
        }
        registerSyncRawData(in: &migrator)
        registerIngestLogIndex(in: &migrator)
        return migrator
    }
}
