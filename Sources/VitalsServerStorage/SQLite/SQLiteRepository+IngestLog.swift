import Foundation
import GRDB
import VitalsCore
import VitalsStore

/// The ingest log and how complete a user's data looks; entries are appended by the write sequence.
extension SQLiteRepository: IngestLogStore {
    /// The ingest log's columns, which ``ingestEntry(from:)`` reads by name.
    static let ingestColumns = """
        SELECT id, received_at, kind, status, error_code, body_bytes, user_agent, samples_received, samples_stored,
            workouts_received, workouts_stored, sample_types, skipped, days_updated, samples_revised FROM ingest_log
        """

    public func ingests(of user: ServerUser, limit: Int, before: Int64?) async throws -> [IngestLogEntry] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        \(Self.ingestColumns) WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?
                        """), arguments: [user.id, before ?? Int64.max, limit]
            ).map(Self.ingestEntry(from:))
        }
    }

    public func sampleCoverage(of user: ServerUser, dayStarts: [Date]) async throws -> [IngestCompleteness.Coverage] {
        try await read { db in
            // The user's sample types, one index seek each (a loose index scan of samples_by_type_start).
            var types = Set(
                try String.fetchAll(
                    db.cachedStatement(
                        sql: """
                            WITH RECURSIVE t(type_id) AS (
                                SELECT MIN(type_id) FROM samples WHERE user_id = ?1
                                UNION ALL
                                SELECT (SELECT MIN(type_id) FROM samples WHERE user_id = ?1 AND type_id > t.type_id) FROM t
                                WHERE t.type_id IS NOT NULL
                            ) SELECT types.identifier FROM t JOIN types ON types.id = t.type_id
                            """), arguments: [user.id]))
            var lastIngests: [String: IngestCompleteness.IngestReference] = [:]
            for row in try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT type, ingest_id, received_at FROM ingest_type_last WHERE user_id = ?
                        """), arguments: [user.id])
            {
                lastIngests[row["type"]] = .init(
                    id: row["ingest_id"],
                    receivedAt: Date(timeIntervalSince1970: row["received_at"]))
            }
            types.formUnion(lastIngests.keys)
            let newest = try db.cachedStatement(
                sql: """
                    SELECT MAX(start) FROM samples WHERE user_id = ? AND type_id = (SELECT id FROM types WHERE identifier = ?)
                    """)
            let any = try db.cachedStatement(
                sql: """
                    SELECT 1 FROM samples WHERE user_id = ? AND type_id = (SELECT id FROM types WHERE identifier = ?)
                    AND start >= ? AND start < ? LIMIT 1
                    """)
            return try types.sorted().map { type in
                var coverage = IngestCompleteness.Coverage(type: type, lastIngest: lastIngests[type])
                coverage.lastSampleStart = try Double.fetchOne(newest, arguments: [user.id, type])
                    .map(Date.init(timeIntervalSince1970:))
                for index in dayStarts.indices.dropLast()
                where try Bool.fetchOne(
                    any,
                    arguments: [
                        user.id, type, dayStarts[index].timeIntervalSince1970,
                        dayStarts[index + 1].timeIntervalSince1970,
                    ]) == true
                {
                    coverage.daysWithData.insert(index)
                }
                return coverage
            }
        }
    }

    /// Prunes the user's entries received before `cutoff`, appends `entry` and, when it
    /// succeeded, notes it as the last ingest of its sample types; returns its id.
    ///
    /// Entries are pruned in the order they were written: the user's oldest entries up to the
    /// first one received since `cutoff` (one index step when none is due). An entry written
    /// after a newer one (a clock set back) goes once the entries before it have gone.
    static func record(
        _ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date,
        in db: Database
    ) throws -> Int64 {
        // Bound through SQLite's C API: every write request adds an entry, and GRDB's argument
        // arrays cost more than these two statements.
        let prune = RawStatement(try db.cachedStatement(sql: pruneSQL))
        prune.reset()
        prune.bind(1, user.id)
        prune.bind(2, cutoff.timeIntervalSince1970)
        try prune.step(db)
        let insert = RawStatement(
            try db.cachedStatement(
                sql: """
                    INSERT INTO ingest_log (user_id, received_at, kind, status, error_code, body_bytes, user_agent,
                        samples_received, samples_stored, workouts_received, workouts_stored, sample_types, skipped, days_updated,
                        samples_revised)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """))
        insert.reset()
        insert.bind(1, user.id)
        insert.bind(2, entry.receivedAt.timeIntervalSince1970)
        insert.bind(3, entry.kind.rawValue)
        insert.bind(4, Int64(entry.status))
        insert.bind(5, entry.errorCode)
        insert.bind(6, Int64(entry.bodyBytes))
        insert.bind(7, entry.userAgent)
        insert.bind(8, Int64(entry.samplesReceived))
        insert.bind(9, Int64(entry.samplesStored))
        insert.bind(10, Int64(entry.workoutsReceived))
        insert.bind(11, Int64(entry.workoutsStored))
        insert.bind(12, IngestLogColumns.text(entry.sampleTypes))
        insert.bind(13, entry.skipped.isEmpty ? "[]" : LoggedJSON.array(entry.skipped).text)
        insert.bind(14, IngestLogColumns.text(entry.daysUpdated.map(\.description)))
        insert.bind(15, Int64(entry.samplesRevised))
        try insert.step(db)
        let id = db.lastInsertedRowID
        if entry.succeeded, !entry.sampleTypes.isEmpty {
            let note = try db.cachedStatement(
                sql: """
                    INSERT INTO ingest_type_last (user_id, type, ingest_id, received_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (user_id, type) DO UPDATE SET ingest_id = excluded.ingest_id, received_at = excluded.received_at
                    """)
            for type in entry.sampleTypes {
                try note.execute(arguments: [user.id, type, id, entry.receivedAt.timeIntervalSince1970])
            }
        }
        return id
    }

    /// Deletes the user's (`?1`) entries before the first one received at or after `?2`, in id
    /// order, through `ingest_log_by_user` alone (see ``registerIngestLogIndex(in:)``).
    static let pruneSQL = """
        DELETE FROM ingest_log WHERE user_id = ?1 AND id < coalesce(
            (SELECT id FROM ingest_log WHERE user_id = ?1 AND received_at >= ?2 ORDER BY id LIMIT 1),
            9223372036854775807)
        """

    /// One per-user index for the log instead of two (`server-v13-ingest-log-one-index`).
    ///
    /// Every write request adds an entry, and each per-user index put one more page of another
    /// place of the file into that write's commit (and again into the next checkpoint): with
    /// `(user_id, id)` and `(user_id, received_at)` an entry cost two such pages, besides its
    /// snapshot's. The index left holds `received_at` too, so pruning reads it alone.
    static func registerIngestLogIndex(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("server-v13-ingest-log-one-index") { db in
            try db.execute(
                sql: """
                    DROP INDEX ingest_log_by_time;
                    DROP INDEX ingest_log_by_user;
                    CREATE INDEX ingest_log_by_user ON ingest_log(user_id, id, received_at);
                    """)
        }
    }

    /// An entry from a row of ``ingestColumns``.
    static func ingestEntry(from row: Row) -> IngestLogEntry {
        var entry = IngestLogEntry(
            kind: IngestLogEntry.Kind(rawValue: row["kind"]) ?? .healthAutoExport,
            receivedAt: Date(timeIntervalSince1970: row["received_at"]))
        entry.id = row["id"]
        entry.status = row["status"]
        entry.errorCode = row["error_code"]
        entry.bodyBytes = row["body_bytes"]
        entry.userAgent = row["user_agent"]
        entry.samplesReceived = row["samples_received"]
        entry.samplesStored = row["samples_stored"]
        entry.samplesRevised = row["samples_revised"]
        entry.samplesAlreadyPresent = max(0, entry.samplesReceived - entry.samplesStored - entry.samplesRevised)
        entry.workoutsReceived = row["workouts_received"]
        entry.workoutsStored = row["workouts_stored"]
        entry.workoutsAlreadyPresent = max(0, entry.workoutsReceived - entry.workoutsStored)
        entry.sampleTypes = IngestLogColumns.strings(row["sample_types"])
        if case .array(let skipped) = LoggedJSON(text: row["skipped"]) { entry.skipped = skipped }
        entry.daysUpdated = IngestLogColumns.strings(row["days_updated"]).compactMap { try? LocalDate(parsing: $0) }
        return entry
    }
}
