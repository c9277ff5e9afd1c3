import Foundation
import PostgresNIO
import VitalsContract
import VitalsServerStorage

extension PostgresPrepared {
    /// Stores a chunk of one user's samples; returns the UUIDs of the chunk not stored now (stored
    /// before), usually none: far fewer rows to send back than the stored ones.
    ///
    /// Each sample is stored once: one whose UUID the user has stored is left out (`NOT EXISTS`).
    /// Every write holds its user's write lock (``PostgresWriteBatcher``), so no other transaction
    /// stores that user's samples meanwhile and the check cannot race; it costs PostgreSQL a
    /// quarter less than `ON CONFLICT DO NOTHING`, whose speculative insertion writes an extra
    /// WAL record per row (1.68 vs 2.18 ms of backend CPU per one-day payload's 214 rows,
    /// BENCHMARKS.md). The chunk must hold each UUID once: the caller keeps the first. In the same
    /// statement the type's longest sample grows (window reads start that far back; its row is
    /// rewritten only when it does, not on every sync) and the days the new samples touch are
    /// forgotten from the per-day cache, the user's epoch advancing
    /// (``PostgresRepository/forgettingDays(ofUser:)``). Metadata travels as text, empty for none (NULL).
    struct SampleInsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            WITH changed AS (
                INSERT INTO samples (user_id, uuid, type, start_time, end_time, value, source_name, metadata)
                SELECT $1, u, t, s, e, v, n, NULLIF(m, '')
                FROM UNNEST($2::uuid[], $3::text[], $4::float8[], $5::float8[], $6::float8[], $7::text[], $8::text[])
                    AS x(u, t, s, e, v, n, m)
                WHERE NOT EXISTS (SELECT 1 FROM samples o WHERE o.user_id = $1 AND o.uuid = x.u)
                RETURNING uuid, type, start_time, end_time
            ), durations AS (
                INSERT INTO sample_durations (user_id, type, longest)
                SELECT $1, type, MAX(end_time - start_time) FROM changed GROUP BY type
                ON CONFLICT (user_id, type) DO UPDATE SET longest = excluded.longest
                    WHERE excluded.longest > sample_durations.longest
            ), \(PostgresRepository.forgettingDays(ofUser: "$1"))
            SELECT x.u FROM UNNEST($2::uuid[]) AS x(u) WHERE NOT EXISTS (SELECT 1 FROM changed c WHERE c.uuid = x.u)
            """

        let userID: Int64
        /// Each UUID once.
        let samples: [StoredSample]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 8)
            bindings.append(userID)
            bindings.append(PostgresArrayColumn.uuid(samples.map(\.uuid)))
            bindings.append(PostgresArrayColumn.text(samples.map(\.type)))
            bindings.append(PostgresArrayColumn.float8(samples.map(\.start.timeIntervalSince1970)))
            bindings.append(PostgresArrayColumn.float8(samples.map(\.end.timeIntervalSince1970)))
            bindings.append(PostgresArrayColumn.float8(samples.map(\.value)))
            bindings.append(PostgresArrayColumn.text(samples.map(\.sourceName)))
            bindings.append(PostgresArrayColumn.text(StoredSample.metadataTexts(samples).map { $0 ?? "" }))
            return bindings
        }
    }

    /// Stores a workout record once per user and external id; returns a row when it was new.
    struct WorkoutInsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            INSERT INTO workout_records (user_id, external_id, date, source, type, duration_minutes, calories,
                distance, start_time, end_time, created_at)
            VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $11)
            ON CONFLICT DO NOTHING RETURNING 1
            """

        let userID: Int64
        let workout: WorkoutRecord
        let createdAt: Date

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 11)
            bindings.append(userID)
            bindings.append(workout.externalId)
            bindings.append(workout.date.description)
            bindings.append(workout.source.rawValue)
            bindings.append(workout.type)
            bindings.append(workout.durationMinutes)
            bindings.append(workout.calories)
            bindings.append(workout.distance)
            bindings.append(workout.startTime)
            bindings.append(workout.endTime)
            bindings.append(createdAt)
            return bindings
        }
    }

    /// Upserts one day's snapshot of one source: absent metrics keep the stored values, and
    /// `updated_at` never goes backwards, whichever server's clock wrote last.
    struct SnapshotUpsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            INSERT INTO health_snapshots (user_id, date, source, \(SnapshotColumns.metrics.joined(separator: ", ")),
                verification_level, updated_at)
            VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
            ON CONFLICT (user_id, date, source) DO UPDATE SET \(SnapshotColumns.coalescingUpdates),
                updated_at = GREATEST(health_snapshots.updated_at, excluded.updated_at)
            WHERE \(SnapshotColumns.changes(distinct: "IS DISTINCT FROM"))
            """

        let userID: Int64
        let patch: SnapshotPatch
        let updatedAt: Date

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 15)
            bindings.append(userID)
            bindings.append(patch.date.description)
            bindings.append(patch.source.rawValue)
            bindings.append(patch.steps)
            bindings.append(patch.exerciseMinutes)
            bindings.append(patch.standMinutes)
            bindings.append(patch.sleepMinutes)
            bindings.append(patch.activeCalories)
            bindings.append(patch.restingHeartRate)
            bindings.append(patch.hrv)
            bindings.append(patch.workoutsCount)
            bindings.append(patch.sleepQualityScore)
            bindings.append(patch.proteinLogged)
            bindings.append(patch.source.verificationLevel.rawValue)
            bindings.append(updatedAt)
            return bindings
        }
    }

    /// Appends an ingest log entry, pruning the user's entries received before a cutoff and
    /// noting the entry as the last ingest of the sample types given; returns its id.
    struct IngestLogInsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            WITH pruned AS (DELETE FROM ingest_log WHERE user_id = $1 AND received_at < $2),
            added AS (
                INSERT INTO ingest_log (user_id, received_at, kind, status, error_code, body_bytes, user_agent,
                    samples_received, samples_stored, workouts_received, workouts_stored, sample_types, skipped,
                    days_updated, samples_revised)
                VALUES ($1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $17)
                RETURNING id
            ), noted AS (
                INSERT INTO ingest_type_last (user_id, type, ingest_id, received_at)
                SELECT $1, t, added.id, $3 FROM added, UNNEST($16::text[]) AS x(t)
                ON CONFLICT (user_id, type) DO UPDATE SET ingest_id = excluded.ingest_id, received_at = excluded.received_at
            )
            SELECT id FROM added
            """

        let userID: Int64
        let entry: IngestLogEntry
        let cutoff: Date
        /// The types whose last ingest this entry becomes (none when it failed).
        let notedTypes: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 17)
            bindings.append(userID)
            bindings.append(cutoff)
            bindings.append(entry.receivedAt)
            bindings.append(entry.kind.rawValue)
            bindings.append(entry.status)
            bindings.append(entry.errorCode)
            bindings.append(entry.bodyBytes)
            bindings.append(entry.userAgent)
            bindings.append(entry.samplesReceived)
            bindings.append(entry.samplesStored)
            bindings.append(entry.workoutsReceived)
            bindings.append(entry.workoutsStored)
            bindings.append(IngestLogColumns.text(entry.sampleTypes))
            bindings.append(LoggedJSON.array(entry.skipped).text)
            bindings.append(IngestLogColumns.text(entry.daysUpdated.map(\.description)))
            bindings.append(notedTypes)
            bindings.append(entry.samplesRevised)
            return bindings
        }
    }
}
