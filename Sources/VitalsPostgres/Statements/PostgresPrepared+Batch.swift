import Foundation
import PostgresNIO
import VitalsContract
import VitalsServerStorage

extension PostgresPrepared {
    /// Takes a write batch's users' write locks, one after another in the order given, and makes
    /// the transaction use generic plans (`plan_cache_mode = force_generic_plan`, local to it).
    ///
    /// Given in id order, batches holding some of the same users never deadlock. Generic plans:
    /// the prepared statements on the partitioned `samples` were otherwise planned anew on every
    /// call (BENCHMARKS.md).
    struct BatchLocks: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT pg_advisory_xact_lock(\(PostgresRepository.userWriteLock), k),
                set_config('plan_cache_mode', 'force_generic_plan', true)
            FROM UNNEST($1::int4[]) AS k
            """

        /// The users' lock keys, sorted.
        let keys: [Int32]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(keys)
            return bindings
        }
    }

    /// Upserts many users' snapshot patches in one statement, each as ``SnapshotUpsert`` upserts
    /// one; no row may come twice.
    ///
    /// Each column is an array with one element per patch; the metrics travel as text, empty for
    /// absent, cast to their column's type.
    struct SnapshotBatchUpsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql: String = {
            let count = SnapshotColumns.metrics.count
            let inputs = (0..<count).map { "$\($0 + 4)::text[]" }.joined(separator: ", ")
            let names = (0..<count).map { "m\($0)" }.joined(separator: ", ")
            let values = zip(0..<count, PostgresSnapshotWrite.metricTypes)
                .map { "NULLIF(m\($0), '')::\($1)" }.joined(separator: ", ")
            return """
                INSERT INTO health_snapshots (user_id, date, source, \(SnapshotColumns.metrics.joined(separator: ", ")),
                    verification_level, updated_at)
                SELECT u, d::date, s, \(values), l, t
                FROM UNNEST($1::int8[], $2::text[], $3::text[], \(inputs), $\(count + 4)::text[],
                    $\(count + 5)::timestamptz[]) AS x(u, d, s, \(names), l, t)
                ON CONFLICT (user_id, date, source) DO UPDATE SET \(SnapshotColumns.coalescingUpdates),
                    updated_at = GREATEST(health_snapshots.updated_at, excluded.updated_at)
                WHERE \(SnapshotColumns.changes(distinct: "IS DISTINCT FROM"))
                """
        }()

        var users: [Int64] = []
        var dates: [String] = []
        var sources: [String] = []
        /// One array per metric, in ``SnapshotColumns/metrics`` order.
        var metrics = [[String]](repeating: [], count: SnapshotColumns.metrics.count)
        var levels: [String] = []
        var times: [Date] = []

        /// Adds one patch of user `user`, written at `time`.
        mutating func append(_ patch: SnapshotPatch, user: Int64, time: Date) {
            users.append(user)
            dates.append(patch.date.description)
            sources.append(patch.source.rawValue)
            levels.append(patch.source.verificationLevel.rawValue)
            times.append(time)
            for (column, text) in PostgresSnapshotWrite.metricTexts(patch.metrics).enumerated() {
                metrics[column].append(text)
            }
        }

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 5 + metrics.count)
            bindings.append(users)
            bindings.append(PostgresArrayColumn.text(dates))
            bindings.append(PostgresArrayColumn.text(sources))
            for column in metrics { bindings.append(PostgresArrayColumn.text(column)) }
            bindings.append(PostgresArrayColumn.text(levels))
            bindings.append(times)
            return bindings
        }
    }

    /// Adds many users' log entries in one statement, after pruning each user's entries received
    /// before that write's cutoff, as ``IngestLogInsert`` does for one (without noting sample
    /// types); returns each entry's position (from 1) and new id.
    ///
    /// `nextval` in the CTE read twice is evaluated once per row; the ordinality maps ids back.
    /// The pruning looks each user's old entries up in `ingest_log_by_time` (OFFSET 0 keeps the
    /// planner from flattening the lateral into a hash join over a scan of the whole log, which
    /// it picks since it cannot tell the cutoffs select few rows: 7 ms for 36,000 entries).
    struct IngestLogBatchInsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            WITH input AS (
                SELECT x.*, nextval('ingest_log_id_seq') AS id
                FROM UNNEST($1::int8[], $2::timestamptz[], $3::text[], $4::int8[], $5::text[], $6::bool[],
                    $7::int8[], $8::text[], $9::bool[], $10::int8[], $11::int8[], $12::int8[], $13::int8[],
                    $14::text[], $15::text[], $16::text[], $18::int8[])
                    WITH ORDINALITY AS x(u, r, k, st, e, en, b, a, an, sr, ss, wr, ws, ty, sk, du, sv, o)
            ), pruned AS (
                DELETE FROM ingest_log l
                USING UNNEST($1::int8[], $17::timestamptz[]) AS p(u, c)
                    CROSS JOIN LATERAL (
                        SELECT o.id FROM ingest_log o WHERE o.user_id = p.u AND o.received_at < p.c OFFSET 0
                    ) AS old
                WHERE l.id = old.id
            ), added AS (
                INSERT INTO ingest_log (id, user_id, received_at, kind, status, error_code, body_bytes, user_agent,
                    samples_received, samples_stored, workouts_received, workouts_stored, sample_types, skipped,
                    days_updated, samples_revised)
                SELECT id, u, r, k, st, CASE WHEN en THEN NULL ELSE e END, b, CASE WHEN an THEN NULL ELSE a END,
                    sr, ss, wr, ws, ty, sk, du, sv FROM input
            )
            SELECT o, id FROM input
            """

        /// The writes' users, each with its entry in `entries` and its cutoff in `cutoffs`.
        let users: [Int64]
        let entries: [IngestLogEntry]
        let cutoffs: [Date]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 18)
            bindings.append(users)
            bindings.append(entries.map(\.receivedAt))
            bindings.append(PostgresArrayColumn.text(entries.map(\.kind.rawValue)))
            bindings.append(entries.map { Int64($0.status) })
            bindings.append(PostgresArrayColumn.text(entries.map { $0.errorCode ?? "" }))
            bindings.append(entries.map { $0.errorCode == nil })
            bindings.append(entries.map { Int64($0.bodyBytes) })
            bindings.append(PostgresArrayColumn.text(entries.map { $0.userAgent ?? "" }))
            bindings.append(entries.map { $0.userAgent == nil })
            bindings.append(entries.map { Int64($0.samplesReceived) })
            bindings.append(entries.map { Int64($0.samplesStored) })
            bindings.append(entries.map { Int64($0.workoutsReceived) })
            bindings.append(entries.map { Int64($0.workoutsStored) })
            bindings.append(PostgresArrayColumn.text(entries.map { IngestLogColumns.text($0.sampleTypes) }))
            bindings.append(PostgresArrayColumn.text(entries.map { LoggedJSON.array($0.skipped).text }))
            bindings.append(
                PostgresArrayColumn.text(entries.map { IngestLogColumns.text($0.daysUpdated.map(\.description)) }))
            bindings.append(cutoffs)
            bindings.append(entries.map { Int64($0.samplesRevised) })
            return bindings
        }
    }
}
