import Foundation
import Logging
import PostgresNIO
import VitalsCore

extension PostgresSnapshotWrite {
    /// Stores snapshot-only writes of one batch together, inside its transaction and under its
    /// users' write locks: one statement upserts every patch, one adds every log entry. Returns
    /// each write's result, nil for the writes left to run alone: those of the users
    /// `withQuests` (evaluated as ``HealthWrite/apply(for:at:in:)`` does) and those upserting a
    /// row that an earlier write of `writes` upserts.
    ///
    /// Any failure throws with the transaction aborted: the caller rolls back and runs each write alone.
    static func store(_ writes: [PostgresSnapshotWrite], withQuests: Set<Int64>, on connection: PostgresConnection,
                      logger: Logger) async throws -> [HealthWriteResult?] {
        var rows = Set<RowKey>()
        var shared: [Int] = []
        for (index, write) in writes.enumerated() where !withQuests.contains(write.user.id) {
            guard let keys = write.rowKeys, rows.isDisjoint(with: keys) else { continue }
            rows.formUnion(keys)
            shared.append(index)
        }
        guard !shared.isEmpty else { return writes.map { _ in nil } }
        try await upsertPatches(of: shared.map { writes[$0] }, on: connection, logger: logger)
        let logged = shared.filter { writes[$0].logEntry != nil }
        let ids = try await record(logged.map { writes[$0] }, on: connection, logger: logger)
        var results = [HealthWriteResult?](repeating: nil, count: writes.count)
        for index in shared { results[index] = writes[index].result(ingestId: nil) }
        for (index, id) in zip(logged, ids) { results[index] = writes[index].result(ingestId: id) }
        return results
    }

    /// One upsert of every patch of `writes` (no row twice), as ``PostgresWriteTransaction/upsert(_:at:)`` upserts one.
    private static func upsertPatches(of writes: [PostgresSnapshotWrite], on connection: PostgresConnection,
                                      logger: Logger) async throws {
        var users: [Int64] = [], dates: [String] = [], sources: [String] = [], levels: [String] = [], times: [Date] = []
        var metrics = [[String]](repeating: [], count: SnapshotColumns.metrics.count)
        for write in writes {
            for patch in write.patches {
                users.append(write.user.id)
                dates.append(patch.date.description)
                sources.append(patch.source.rawValue)
                levels.append(patch.source.verificationLevel.rawValue)
                times.append(write.date)
                for (column, text) in metricTexts(patch.metrics).enumerated() { metrics[column].append(text) }
            }
        }
        var binds = PostgresBindings()
        binds.append(users)
        binds.append(dates)
        binds.append(sources)
        for column in metrics { binds.append(column) }
        binds.append(levels)
        binds.append(times)
        let count = SnapshotColumns.metrics.count
        let inputs = (0..<count).map { "$\($0 + 4)::text[]" }.joined(separator: ", ")
        let names = (0..<count).map { "m\($0)" }.joined(separator: ", ")
        let values = zip(0..<count, metricTypes).map { "NULLIF(m\($0), '')::\($1)" }.joined(separator: ", ")
        try await connection.query(PostgresQuery(unsafeSQL: """
            INSERT INTO health_snapshots (user_id, date, source, \(SnapshotColumns.metrics.joined(separator: ", ")),
                verification_level, updated_at)
            SELECT u, d::date, s, \(values), l, t
            FROM UNNEST($1::int8[], $2::text[], $3::text[], \(inputs), $\(count + 4)::text[], $\(count + 5)::timestamptz[])
                AS x(u, d, s, \(names), l, t)
            ON CONFLICT (user_id, date, source) DO UPDATE SET \(SnapshotColumns.coalescingUpdates),
                updated_at = GREATEST(health_snapshots.updated_at, excluded.updated_at)
            WHERE \(SnapshotColumns.changes(distinct: "IS DISTINCT FROM"))
            """, binds: binds), logger: logger)
    }

    /// One statement adding every write's log entry after pruning each user's entries received
    /// before the write's cutoff, as ``PostgresRepository/record(_:for:keepingSince:on:)`` does for
    /// one; returns the new ids in `writes` order.
    private static func record(_ writes: [PostgresSnapshotWrite], on connection: PostgresConnection,
                               logger: Logger) async throws -> [Int64] {
        guard !writes.isEmpty else { return [] }
        let entries = writes.compactMap(\.logEntry)
        let users = writes.map(\.user.id)
        let cutoffs = writes.map(\.logKeptSince)
        let received = entries.map(\.receivedAt)
        let kinds = entries.map(\.kind.rawValue)
        let statuses = entries.map { Int64($0.status) }
        let errors = entries.map { $0.errorCode ?? "" }
        let noErrors = entries.map { $0.errorCode == nil }
        let bytes = entries.map { Int64($0.bodyBytes) }
        let agents = entries.map { $0.userAgent ?? "" }
        let noAgents = entries.map { $0.userAgent == nil }
        let counts = [entries.map { Int64($0.samplesReceived) }, entries.map { Int64($0.samplesStored) },
                      entries.map { Int64($0.workoutsReceived) }, entries.map { Int64($0.workoutsStored) }]
        let types = entries.map { IngestLogColumns.text($0.sampleTypes) }
        let skipped = entries.map { LoggedJSON.array($0.skipped).text }
        let days = entries.map { IngestLogColumns.text($0.daysUpdated.map(\.description)) }
        var ids = [Int64](repeating: 0, count: writes.count)
        // nextval in the CTE read twice is evaluated once per row; the ordinality maps ids back.
        // The pruning looks each user's old entries up in `ingest_log_by_time` (OFFSET 0 keeps the
        // planner from flattening the lateral into a hash join over a scan of the whole log, which
        // it picks since it cannot tell the cutoffs select few rows: 7 ms for 36,000 entries).
        for try await (position, id) in try await connection.query("""
            WITH input AS (
                SELECT x.*, nextval('ingest_log_id_seq') AS id
                FROM UNNEST(\(users)::int8[], \(received)::timestamptz[], \(kinds)::text[], \(statuses)::int8[],
                    \(errors)::text[], \(noErrors)::bool[], \(bytes)::int8[], \(agents)::text[], \(noAgents)::bool[],
                    \(counts[0])::int8[], \(counts[1])::int8[], \(counts[2])::int8[], \(counts[3])::int8[],
                    \(types)::text[], \(skipped)::text[], \(days)::text[])
                    WITH ORDINALITY AS x(u, r, k, st, e, en, b, a, an, sr, ss, wr, ws, ty, sk, du, o)
            ), pruned AS (
                DELETE FROM ingest_log l
                USING UNNEST(\(users)::int8[], \(cutoffs)::timestamptz[]) AS p(u, c)
                    CROSS JOIN LATERAL (
                        SELECT o.id FROM ingest_log o WHERE o.user_id = p.u AND o.received_at < p.c OFFSET 0
                    ) AS old
                WHERE l.id = old.id
            ), added AS (
                INSERT INTO ingest_log (id, user_id, received_at, kind, status, error_code, body_bytes, user_agent,
                    samples_received, samples_stored, workouts_received, workouts_stored, sample_types, skipped,
                    days_updated)
                SELECT id, u, r, k, st, CASE WHEN en THEN NULL ELSE e END, b, CASE WHEN an THEN NULL ELSE a END,
                    sr, ss, wr, ws, ty, sk, du FROM input
            )
            SELECT o, id FROM input
            """, logger: logger).decode((Int64, Int64).self) {
            ids[Int(position) - 1] = id
        }
        return ids
    }
}
