import Logging
import PostgresNIO

extension PostgresRepository {
    /// The server's tables, one migration per version; never edit a shipped migration.
    static let migrations: [(version: String, statements: [String])] = [
        (
            "server-v1",
            [
                """
                CREATE TABLE users (
                    id BIGSERIAL PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    time_zone TEXT NOT NULL,
                    created_at TIMESTAMPTZ NOT NULL
                )
                """,
                """
                CREATE TABLE tokens (
                    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at TIMESTAMPTZ NOT NULL
                )
                """,
                """
                CREATE TABLE health_snapshots (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    date DATE NOT NULL,
                    source TEXT NOT NULL,
                    steps BIGINT, exercise_minutes BIGINT, stand_minutes BIGINT, sleep_minutes BIGINT,
                    active_calories DOUBLE PRECISION, resting_heart_rate DOUBLE PRECISION, hrv DOUBLE PRECISION,
                    workouts_count BIGINT, sleep_quality_score DOUBLE PRECISION, protein_logged BOOLEAN,
                    verification_level TEXT NOT NULL,
                    updated_at TIMESTAMPTZ NOT NULL,
                    PRIMARY KEY (user_id, date, source)
                )
                """,
                """
                CREATE TABLE workout_records (
                    id BIGSERIAL PRIMARY KEY,
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    external_id TEXT NOT NULL,
                    date DATE NOT NULL,
                    source TEXT NOT NULL,
                    type TEXT NOT NULL,
                    duration_minutes DOUBLE PRECISION NOT NULL,
                    calories DOUBLE PRECISION, distance DOUBLE PRECISION,
                    start_time TIMESTAMPTZ NOT NULL, end_time TIMESTAMPTZ,
                    created_at TIMESTAMPTZ NOT NULL,
                    UNIQUE (user_id, external_id)
                )
                """,
                "CREATE INDEX workout_records_by_day ON workout_records(user_id, date, source)",
                """
                CREATE TABLE samples (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    uuid UUID NOT NULL,
                    type TEXT NOT NULL,
                    start_time DOUBLE PRECISION NOT NULL,
                    end_time DOUBLE PRECISION NOT NULL,
                    value DOUBLE PRECISION NOT NULL,
                    source_name TEXT NOT NULL,
                    PRIMARY KEY (user_id, uuid)
                )
                """,
                "CREATE INDEX samples_by_type_start ON samples(user_id, type, start_time)",
                """
                CREATE TABLE quests (
                    id TEXT PRIMARY KEY,
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    metric TEXT NOT NULL,
                    comparison TEXT NOT NULL,
                    target DOUBLE PRECISION NOT NULL,
                    recurrence TEXT NOT NULL,
                    requires_verified BOOLEAN NOT NULL,
                    created_at TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX quests_by_user ON quests(user_id, created_at)",
                """
                CREATE TABLE quest_completions (
                    quest_id TEXT NOT NULL REFERENCES quests(id) ON DELETE CASCADE,
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    period TEXT NOT NULL,
                    date DATE NOT NULL,
                    completed_at TIMESTAMPTZ NOT NULL,
                    PRIMARY KEY (quest_id, period)
                )
                """,
                "CREATE INDEX quest_completions_by_user ON quest_completions(user_id)",
            ]
        ),
        // Each request to a write endpoint (GET /api/me/ingests): counts, types and reasons,
        // never a value. Paged by id, pruned by time; lists are JSON text.
        (
            "server-v2-ingest-log",
            [
                """
                CREATE TABLE ingest_log (
                    id BIGSERIAL PRIMARY KEY,
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    received_at TIMESTAMPTZ NOT NULL,
                    kind TEXT NOT NULL,
                    status BIGINT NOT NULL,
                    error_code TEXT,
                    body_bytes BIGINT NOT NULL,
                    user_agent TEXT,
                    samples_received BIGINT NOT NULL,
                    samples_stored BIGINT NOT NULL,
                    workouts_received BIGINT NOT NULL,
                    workouts_stored BIGINT NOT NULL,
                    sample_types TEXT NOT NULL,
                    skipped TEXT NOT NULL,
                    days_updated TEXT NOT NULL
                )
                """,
                "CREATE INDEX ingest_log_by_user ON ingest_log(user_id, id)",
                "CREATE INDEX ingest_log_by_time ON ingest_log(user_id, received_at)",
                """
                CREATE TABLE ingest_type_last (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    ingest_id BIGINT NOT NULL,
                    received_at TIMESTAMPTZ NOT NULL,
                    PRIMARY KEY (user_id, type)
                )
                """,
            ]
        ),
        // What the dashboard shows beyond statistics: sample metadata (MetadataJSON, NULL when
        // empty), an export's workouts whole (SampleJSON), their routes, and activity summaries.
        (
            "server-v3-full-records",
            [
                "ALTER TABLE samples ADD COLUMN metadata TEXT",
                """
                CREATE TABLE workout_samples (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    uuid UUID NOT NULL,
                    start_time DOUBLE PRECISION NOT NULL,
                    end_time DOUBLE PRECISION NOT NULL,
                    sample TEXT NOT NULL,
                    PRIMARY KEY (user_id, uuid)
                )
                """,
                "CREATE INDEX workout_samples_by_start ON workout_samples(user_id, start_time)",
                """
                CREATE TABLE route_points (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    workout_uuid UUID NOT NULL,
                    route INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    time DOUBLE PRECISION NOT NULL,
                    latitude DOUBLE PRECISION NOT NULL,
                    longitude DOUBLE PRECISION NOT NULL,
                    altitude DOUBLE PRECISION, speed DOUBLE PRECISION, course DOUBLE PRECISION,
                    horizontal_accuracy DOUBLE PRECISION, vertical_accuracy DOUBLE PRECISION,
                    PRIMARY KEY (user_id, workout_uuid, route, position)
                )
                """,
                """
                CREATE TABLE activity_summaries (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    date TEXT NOT NULL,
                    details TEXT NOT NULL,
                    PRIMARY KEY (user_id, date)
                )
                """,
            ]
        ),
        // A token may work until a given instant (`vitals user add|token rotate --expires-in`); NULL: for good.
        ("server-v5-token-expiry", ["ALTER TABLE tokens ADD COLUMN expires_at TIMESTAMPTZ"]),
        // Samples, by far the largest table, in partitions by a hash of the user (see
        // docs/postgresql-capacity.md): every query names one user, so it reads one partition.
        ("server-v6-samples-by-user", samplesByUser),
        // Each user's merged statistics per day and the user's invalidation epoch (DailyStatisticsStoring),
        // and each user's longest sample per type.
        (
            "server-v7-daily-cache",
            [
                """
                CREATE TABLE daily_statistics (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    variant TEXT NOT NULL,
                    day_start DOUBLE PRECISION NOT NULL,
                    day_end DOUBLE PRECISION NOT NULL,
                    sample_count BIGINT NOT NULL,
                    sum DOUBLE PRECISION, average DOUBLE PRECISION, minimum DOUBLE PRECISION, maximum DOUBLE PRECISION,
                    most_recent DOUBLE PRECISION, most_recent_start DOUBLE PRECISION, most_recent_end DOUBLE PRECISION,
                    duration DOUBLE PRECISION, parts BYTEA,
                    PRIMARY KEY (user_id, type, variant, day_start, day_end)
                )
                """,
                "CREATE INDEX daily_statistics_by_day ON daily_statistics(user_id, type, day_start)",
                """
                CREATE TABLE daily_statistics_epochs (
                    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    value BIGINT NOT NULL
                )
                """,
                // Each user's longest sample per type: a window's read starts that far back (fetchSamples).
                """
                CREATE TABLE sample_durations (
                    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    type TEXT NOT NULL,
                    longest DOUBLE PRECISION NOT NULL,
                    PRIMARY KEY (user_id, type)
                )
                """,
                """
                INSERT INTO sample_durations (user_id, type, longest)
                SELECT user_id, type, MAX(end_time - start_time) FROM samples GROUP BY user_id, type
                """,
            ]
        ),
        // Each user's characteristics, as their last imported export's `Me` element gave them.
        ("server-v8-characteristics", characteristicsMigration),
        // Samples without a foreign key to `users`: PostgreSQL checked it with a query per row, a
        // third of an ingest's insert. A write checks its user once instead, under the user's
        // write lock, which a removal takes too (PostgresWriteBatcher); see docs/postgresql-capacity.md.
        (
            "server-v9-samples-user-checked-per-write",
            [
                """
                DO $$
                DECLARE key TEXT;
                BEGIN
                    FOR key IN SELECT quote_ident(conname) FROM pg_constraint
                               WHERE conrelid = 'samples'::regclass AND contype = 'f' LOOP
                        EXECUTE 'ALTER TABLE samples DROP CONSTRAINT ' || key;
                    END LOOP;
                END
                $$
                """
            ]
        ),
        // The `vitals serve` processes on the database, so they share its write runners (PostgresPeers).
        (
            "server-v10-server-processes",
            [
                "CREATE TABLE server_processes (id UUID PRIMARY KEY, seen_at TIMESTAMPTZ NOT NULL)"
            ]
        ),
        // Dashboard sessions in the database: they outlive a restart and work on every server.
        ("server-v11-dashboard-sessions", dashboardSessionsMigration),
        // Import jobs in the database: any server answers for an upload another received.
        ("server-v12-import-jobs", importJobsMigration),
        // Samples a request stored as a measurement's new value (a running total sent again).
        (
            "server-v13-ingest-revised",
            [
                "ALTER TABLE ingest_log ADD COLUMN samples_revised BIGINT NOT NULL DEFAULT 0"
            ]
        ),
        // Each user's raw sync data: a journey sync's rawData.healthkit, per day and source.
        ("server-v14-sync-raw-data", syncRawDataMigration),
    ]

    /// How many hash partitions `samples` has.
    static let samplePartitions = 16

    /// Moves `samples` into a table partitioned by `HASH (user_id)`, rows, key and index alike.
    static var samplesByUser: [String] {
        [
            "ALTER TABLE samples RENAME TO samples_before_partitions",
            "ALTER INDEX samples_pkey RENAME TO samples_before_partitions_pkey",
            "ALTER INDEX samples_by_type_start RENAME TO samples_before_partitions_by_type_start",
            """
            CREATE TABLE samples (
                user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                uuid UUID NOT NULL,
                type TEXT NOT NULL,
                start_time DOUBLE PRECISION NOT NULL,
                end_time DOUBLE PRECISION NOT NULL,
                value DOUBLE PRECISION NOT NULL,
                source_name TEXT NOT NULL,
                metadata TEXT,
                PRIMARY KEY (user_id, uuid)
            ) PARTITION BY HASH (user_id)
            """,
        ]
            + (0..<samplePartitions).map { remainder in
                "CREATE TABLE samples_p\(remainder) PARTITION OF samples FOR VALUES WITH (MODULUS \(samplePartitions), "
                    + "REMAINDER \(remainder))"
            } + [
                "CREATE INDEX samples_by_type_start ON samples(user_id, type, start_time)",
                """
                INSERT INTO samples (user_id, uuid, type, start_time, end_time, value, source_name, metadata)
                SELECT user_id, uuid, type, start_time, end_time, value, source_name, metadata FROM samples_before_partitions
                """,
                "DROP TABLE samples_before_partitions",
            ]
    }

    /// Applies missing migrations, each in its own transaction, one server at a time.
    func runMigrations() async throws {
        try await client.withTransaction(logger: logger) { connection in
            // Serialises concurrent starts; released at commit.
            try await connection.query("SELECT pg_advisory_xact_lock(7310422)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)
                """, logger: logger)
            var applied: Set<String> = []
            for try await version in try await connection.query(
                "SELECT version FROM schema_migrations",
                logger: logger
            ).decode(String.self) {
                applied.insert(version)
            }
            for migration in Self.migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (\(migration.version), now())",
                    logger: logger)
            }
        }
    }
}
