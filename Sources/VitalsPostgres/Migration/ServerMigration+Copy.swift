import Foundation
import GRDB
import Logging
import NIOCore
import PostgresNIO
import VitalsCore

extension ServerMigration {
    /// Copies one user in one PostgreSQL transaction; returns the rows copied per table. With
    /// `rebuildingSampleIndexes`, the samples' indexes and foreign keys are dropped before the
    /// samples are copied and rebuilt after, in the same transaction (``SampleConstraints``).
    func copy(
        _ user: SourceUser, rowsBefore: Int, rowsTotal: Int, rebuildingSampleIndexes: Bool
    ) async throws
        -> [String: Int]
    {
        let logger = target.logger
        let sourceIngestIDs = try await source.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM ingest_log WHERE user_id = ? ORDER BY id", arguments: [user.id])
        }
        return try await target.guarded {
            try await target.client.withTransaction(logger: logger) { connection in
                var copied: [String: Int] = [:]
                var done = rowsBefore
                func report(_ rows: Int) {
                    done += rows
                    progress?(Progress(rowsDone: done, rowsTotal: rowsTotal, user: user.name))
                }
                var targetID: Int64?
                for try await id in try await connection.query(
                    """
                    INSERT INTO users (name, time_zone, created_at)
                    VALUES (\(user.name), \(user.timeZone), \(CopyText.timestamp(user.createdAt))::timestamptz)
                    ON CONFLICT (name) DO NOTHING RETURNING id
                    """, logger: logger
                ).decode(Int64.self) {
                    targetID = id
                }
                guard let targetID else {
                    throw VitalsError(
                        .duplicate, "the target database already has a user named \(user.name)",
                        at: InputLocation(field: "--to"))
                }
                let ingestIDs = try await mappedIngestIDs(sourceIngestIDs, on: connection)
                for table in MigrationTable.all {
                    let (text, rows) = try await source.read { db in
                        try table.copyText(userID: user.id, targetUserID: targetID, ingestIDs: ingestIDs, in: db)
                    }
                    copied[table.name] = rows
                    guard rows > 0 else { continue }
                    try await connection.copyFrom(table: table.name, columns: table.columns.map(\.name), logger: logger)
                    {
                        try await $0.write(text)
                    }
                    report(rows)
                    try await afterTable?(user.name, table.name)
                }
                if ingestIDs.isEmpty, let last = sourceIngestIDs.last {
                    // The ids were kept: later entries must be numbered after them.
                    try await connection.query(
                        """
                        SELECT setval(pg_get_serial_sequence('ingest_log', 'id'),
                            GREATEST(\(last), (SELECT MAX(id) FROM ingest_log)))
                        """, logger: logger)
                }
                let dropped =
                    rebuildingSampleIndexes ? try await SampleConstraints.drop(on: connection, logger: logger) : nil
                let (samples, longest) = try await copySamples(
                    of: user.id, as: targetID, on: connection, report: report)
                copied["samples"] = samples
                // Every insert keeps the user's longest sample per type, which reads rely on
                // (fetchSamples); found while the samples were read, exactly as `MAX(end - start)`.
                let types = longest.keys.sorted()
                try await connection.query(
                    """
                    INSERT INTO sample_durations (user_id, type, longest)
                    SELECT \(targetID), * FROM unnest(\(types)::text[], \(types.map { longest[$0]! })::float8[])
                    """, logger: logger)
                try await afterTable?(user.name, "samples")
                try await dropped?.restore(on: connection, logger: logger)
                // Reported once committed: the user row itself is a row too.
                copied["users"] = 1
                let rows = copied.values.reduce(0, +)
                try await connection.query(
                    """
                    INSERT INTO migration_progress (user_id, user_name, source_rows, finished_at)
                    VALUES (\(targetID), \(user.name), \(rows), now())
                    """, logger: logger)
                return copied
            }
        }
    }

    /// The new ids of the user's ingest log entries: none (the ids are kept) when the target has
    /// none of them, else fresh ids from the target's sequence in the same order.
    private func mappedIngestIDs(_ ids: [Int64], on connection: PostgresConnection) async throws -> [Int64: Int64] {
        guard !ids.isEmpty else { return [:] }
        var taken = 0
        for try await count in try await connection.query(
            "SELECT COUNT(*) FROM ingest_log WHERE id = ANY(\(ids)::int8[])", logger: target.logger
        ).decode(Int.self) {
            taken = count
        }
        guard taken > 0 else { return [:] }
        var fresh: [Int64] = []
        for try await id in try await connection.query(
            """
            SELECT nextval(pg_get_serial_sequence('ingest_log', 'id')) FROM generate_series(1, \(ids.count))
            """, logger: target.logger
        ).decode(Int64.self) {
            fresh.append(id)
        }
        return Dictionary(uniqueKeysWithValues: zip(ids, fresh.sorted()))
    }

    /// Streams the user's samples in one binary COPY (``BinaryCopy``), reading the next page
    /// from SQLite while the current one is sent; returns how many were copied, and the longest
    /// sample of each type.
    private func copySamples(
        of userID: Int64, as targetID: Int64, on connection: PostgresConnection,
        report: (Int) -> Void
    ) async throws -> (rows: Int, longest: [String: Double]) {
        let source = source
        let size = batchSize
        @Sendable func page(after lastUUID: Data) async throws -> BinaryCopy.SamplePage {
            try await source.read { db in
                try BinaryCopy.samplePage(of: userID, after: lastUUID, limit: size, as: targetID, in: db)
            }
        }
        var copied = 0
        var next = Task { try await page(after: Data()) }
        defer { next.cancel() }
        var first = try await next.value
        var longest: [String: Double] = [:]
        guard first.rows > 0 else { return (0, longest) }
        try await BinaryCopy.copyFrom(
            table: MigrationTable.samples.name, columns: BinaryCopy.sampleColumns,
            on: connection, logger: target.logger
        ) { writer in
            var header = ByteBuffer()
            BinaryCopy.writeHeader(to: &header)
            try await writer.write(header)
            while first.rows > 0 {
                let current = first
                next = Task { try await page(after: current.lastUUID) }
                try await writer.write(current.data)
                longest.merge(current.longest, uniquingKeysWith: max)
                copied += current.rows
                report(current.rows)
                guard current.rows == size else { break }
                first = try await next.value
            }
            var trailer = ByteBuffer()
            BinaryCopy.writeTrailer(to: &trailer)
            try await writer.write(trailer)
        }
        return (copied, longest)
    }
}
