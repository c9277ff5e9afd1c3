import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsServerStorage

/// The ingest log and how complete a user's data looks; entries are appended by the write sequence.
extension PostgresRepository: IngestLogStore {
    /// The ingest log's columns, which ``ingestEntry(from:)`` reads by name.
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
    func fetchIngests(
        of user: ServerUser, before: Int64, limit: Int?, ascending: Bool = false,
        on connection: PostgresConnection
    ) async throws -> [IngestLogEntry] {
        var entries: [IngestLogEntry] = []
        for try await row in try await connection.query(
            """
            \(unescaped: Self.ingestColumns) WHERE user_id = \(user.id) AND id < \(before)
            ORDER BY id \(unescaped: ascending ? "ASC" : "DESC") LIMIT \(limit ?? Int.max)
            """, logger: logger)
        {
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
                for try await row in try await connection.query(
                    """
                    WITH RECURSIVE t(type) AS (
                        SELECT MIN(type) FROM samples WHERE user_id = \(user.id)
                        UNION ALL
                        SELECT (SELECT MIN(type) FROM samples WHERE user_id = \(user.id) AND type > t.type) FROM t
                        WHERE t.type IS NOT NULL
                    )
                    SELECT t.type, (
                        SELECT MAX(start_time) FROM samples s WHERE s.user_id = \(user.id) AND s.type = t.type
                    ) AS newest FROM t WHERE t.type IS NOT NULL
                    """, logger: logger)
                {
                    let cells = row.makeRandomAccess()
                    let type = try cells.value("type", as: String.self)
                    coverage[type] = .init(
                        type: type,
                        lastSampleStart: try cells.value("newest", as: Double?.self)
                            .map(Date.init(timeIntervalSince1970:)))
                }
                for try await row in try await connection.query(
                    """
                    SELECT type, ingest_id, received_at FROM ingest_type_last WHERE user_id = \(user.id)
                    """, logger: logger)
                {
                    let cells = row.makeRandomAccess()
                    let type = try cells.value("type", as: String.self)
                    coverage[type, default: .init(type: type)].lastIngest = .init(
                        id: try cells.value("ingest_id"), receivedAt: try cells.value("received_at"))
                }
                let types = coverage.keys.sorted()
                guard !types.isEmpty, !lower.isEmpty else { return types.compactMap { coverage[$0] } }
                for try await row in try await connection.query(
                    """
                    SELECT t.type, d.i FROM UNNEST(\(types)::text[]) AS t(type)
                    CROSS JOIN UNNEST(\(lower)::float8[], \(upper)::float8[]) WITH ORDINALITY AS d(lo, hi, i)
                    WHERE EXISTS (SELECT 1 FROM samples s WHERE s.user_id = \(user.id) AND s.type = t.type
                        AND s.start_time >= d.lo AND s.start_time < d.hi)
                    """, logger: logger)
                {
                    let cells = row.makeRandomAccess()
                    let day = Int(try cells.value("i", as: Int64.self))
                    coverage[try cells.value("type")]?.daysWithData.insert(day - 1)
                }
                return types.compactMap { coverage[$0] }
            }
        }
    }

    /// Prunes the user's entries received before `cutoff`, appends `entry` and, when it
    /// succeeded, notes it as the last ingest of its sample types; returns its id.
    func record(
        _ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date,
        on connection: PostgresConnection
    ) async throws -> Int64 {
        var id: Int64 = 0
        // The prune and the types' last ingest ride on the insert (one statement, one round trip).
        let types = entry.succeeded ? entry.sampleTypes : []
        let statement = PostgresPrepared.IngestLogInsert(
            userID: user.id, entry: entry, cutoff: cutoff, notedTypes: types)
        for try await row in try await connection.execute(statement, logger: logger) {
            let value = try row.decode(Int64.self)
            id = value
        }
        return id
    }

    /// An entry from a row of ``ingestColumns``.
    static func ingestEntry(from row: PostgresRow) throws -> IngestLogEntry {
        let cells = row.makeRandomAccess()
        var entry = IngestLogEntry(
            kind: IngestLogEntry.Kind(rawValue: try cells.value("kind")) ?? .healthAutoExport,
            receivedAt: try cells.value("received_at"))
        entry.id = try cells.value("id")
        entry.status = try cells.value("status")
        entry.errorCode = try cells.value("error_code")
        entry.bodyBytes = try cells.value("body_bytes")
        entry.userAgent = try cells.value("user_agent")
        entry.samplesReceived = try cells.value("samples_received")
        entry.samplesStored = try cells.value("samples_stored")
        entry.samplesRevised = try cells.value("samples_revised")
        entry.samplesAlreadyPresent = max(0, entry.samplesReceived - entry.samplesStored - entry.samplesRevised)
        entry.workoutsReceived = try cells.value("workouts_received")
        entry.workoutsStored = try cells.value("workouts_stored")
        entry.workoutsAlreadyPresent = max(0, entry.workoutsReceived - entry.workoutsStored)
        entry.sampleTypes = IngestLogColumns.strings(try cells.value("sample_types"))
        if case .array(let skipped) = LoggedJSON(text: try cells.value("skipped")) { entry.skipped = skipped }
        entry.daysUpdated = IngestLogColumns.strings(try cells.value("days_updated"))
            .compactMap { try? LocalDate(parsing: $0) }
        return entry
    }
}
