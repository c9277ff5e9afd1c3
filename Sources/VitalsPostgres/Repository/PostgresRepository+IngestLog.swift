import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsServerStorage

/// The ingest log and how complete a user's data looks; entries are appended by the write sequence.
extension PostgresRepository: IngestLogStore {
    /// The ingest log's columns, in the order ``ingestEntry(from:)`` reads them.
    static let ingestColumns = """
        SELECT id, received_at, kind, status, error_code, body_bytes, user_agent, samples_received, samples_stored,
            workouts_received, workouts_stored, sample_types, skipped, days_updated, samples_revised FROM ingest_log
        """

    public func ingests(of user: ServerUser, limit: Int, before: Int64?) async throws -> [IngestLogEntry] {
        try await guarded {
            try await client.withConnection { connection in
                try await fetchIngests(of: user, before: before ?? Int64.max, limit: limit, on: connection)
            }
        }
    }

    /// The user's entries with ids below `before`, newest first (oldest first when `ascending`).
    func fetchIngests(of user: ServerUser, before: Int64, limit: Int?, ascending: Bool = false,
                      on connection: PostgresConnection) async throws -> [IngestLogEntry] {
        var entries: [IngestLogEntry] = []
        for try await row in try await connection.query("""
            \(unescaped: Self.ingestColumns) WHERE user_id = \(user.id) AND id < \(before)
            ORDER BY id \(unescaped: ascending ? "ASC" : "DESC") LIMIT \(limit ?? Int.max)
            """, logger: logger) {
            entries.append(try Self.ingestEntry(from: row))
        }
        return entries
    }

    public func sampleCoverage(of user: ServerUser, dayStarts: [Date]) async throws -> [IngestCompleteness.Coverage] {
        let starts = dayStarts.map(\.timeIntervalSince1970)
        let lower = Array(starts.dropLast())
        let upper = Array(starts.dropFirst())
        return try await guarded {
            try await client.withConnection { connection in
                var coverage: [String: IngestCompleteness.Coverage] = [:]
                // The user's sample types by a loose index scan of samples_by_type_start, then
                // per type its newest start: one index seek each.
                for try await (type, newest) in try await connection.query("""
                    WITH RECURSIVE t(type) AS (
                        SELECT MIN(type) FROM samples WHERE user_id = \(user.id)
                        UNION ALL
                        SELECT (SELECT MIN(type) FROM samples WHERE user_id = \(user.id) AND type > t.type) FROM t
                        WHERE t.type IS NOT NULL
                    )
                    SELECT t.type, (SELECT MAX(start_time) FROM samples s WHERE s.user_id = \(user.id) AND s.type = t.type)
                    FROM t WHERE t.type IS NOT NULL
                    """, logger: logger).decode((String, Double?).self) {
                    coverage[type] = .init(type: type, lastSampleStart: newest.map(Date.init(timeIntervalSince1970:)))
                }
                for try await (type, id, at) in try await connection.query("""
                    SELECT type, ingest_id, received_at FROM ingest_type_last WHERE user_id = \(user.id)
                    """, logger: logger).decode((String, Int64, Date).self) {
                    coverage[type, default: .init(type: type)].lastIngest = .init(id: id, receivedAt: at)
                }
                let types = coverage.keys.sorted()
                guard !types.isEmpty, !lower.isEmpty else { return types.compactMap { coverage[$0] } }
                for try await (type, day) in try await connection.query("""
                    SELECT t.type, d.i FROM UNNEST(\(types)::text[]) AS t(type)
                    CROSS JOIN UNNEST(\(lower)::float8[], \(upper)::float8[]) WITH ORDINALITY AS d(lo, hi, i)
                    WHERE EXISTS (SELECT 1 FROM samples s WHERE s.user_id = \(user.id) AND s.type = t.type
                        AND s.start_time >= d.lo AND s.start_time < d.hi)
                    """, logger: logger).decode((String, Int64).self) {
                    coverage[type]?.daysWithData.insert(Int(day) - 1)
                }
                return types.compactMap { coverage[$0] }
            }
        }
    }

    /// Prunes the user's entries received before `cutoff`, appends `entry` and, when it
    /// succeeded, notes it as the last ingest of its sample types; returns its id.
    func record(_ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date,
                on connection: PostgresConnection) async throws -> Int64 {
        var id: Int64 = 0
        // The prune and the types' last ingest ride on the insert (one statement, one round trip).
        let types = entry.succeeded ? entry.sampleTypes : []
        let statement = PostgresPrepared.IngestLogInsert(userID: user.id, entry: entry, cutoff: cutoff, notedTypes: types)
        for try await row in try await connection.execute(statement, logger: logger) {
            let value = try row.decode(Int64.self)
            id = value
        }
        return id
    }

    /// An entry from a row of ``ingestColumns``.
    static func ingestEntry(from row: PostgresRow) throws -> IngestLogEntry {
        let cells = row.makeRandomAccess()
        var entry = IngestLogEntry(kind: IngestLogEntry.Kind(rawValue: try cells[2].decode(String.self)) ?? .healthAutoExport,
                                   receivedAt: try cells[1].decode(Date.self))
        entry.id = try cells[0].decode(Int64.self)
        entry.status = try cells[3].decode(Int.self)
        entry.errorCode = try cells[4].decode(String?.self)
        entry.bodyBytes = try cells[5].decode(Int.self)
        entry.userAgent = try cells[6].decode(String?.self)
        entry.samplesReceived = try cells[7].decode(Int.self)
        entry.samplesStored = try cells[8].decode(Int.self)
        entry.samplesRevised = try cells[14].decode(Int.self)
        entry.samplesAlreadyPresent = max(0, entry.samplesReceived - entry.samplesStored - entry.samplesRevised)
        entry.workoutsReceived = try cells[9].decode(Int.self)
        entry.workoutsStored = try cells[10].decode(Int.self)
        entry.workoutsAlreadyPresent = max(0, entry.workoutsReceived - entry.workoutsStored)
        entry.sampleTypes = IngestLogColumns.strings(try cells[11].decode(String.self))
        if case .array(let skipped) = LoggedJSON(text: try cells[12].decode(String.self)) { entry.skipped = skipped }
        entry.daysUpdated = IngestLogColumns.strings(try cells[13].decode(String.self))
            .compactMap { try? LocalDate(parsing: $0) }
        return entry
    }
}
