import Foundation
import GRDB
import PostgresNIO
import VitalsCore
import VitalsServerStorage
import VitalsStore

extension ServerMigration {
    /// Compares the user's rows per table and checksums (``MigrationChecksum``) on both sides,
    /// reading the two databases at the same time, the samples as a stream on each.
    func verify(_ user: SourceUser) async throws -> UserVerification {
        async let sourceSum = sourceChecksum(of: user)
        async let targetSide = targetState(of: user)
        let sourceCounts = try await sourceCounts(of: user.id)
        let (targetCounts, targetChecksum) = try await targetSide
        return UserVerification(
            name: user.name, sourceCounts: sourceCounts, targetCounts: targetCounts,
            sourceChecksum: try await sourceSum, targetChecksum: targetChecksum)
    }

    /// The checksum of the user's export and token in the SQLite file.
    private func sourceChecksum(of user: SourceUser) async throws -> String {
        let token = try await source.read { db in
            try Row.fetchOne(
                db, sql: "SELECT token_hash, created_at, expires_at FROM tokens WHERE user_id = ?",
                arguments: [user.id]
            ).map { row in
                MigrationChecksum.token(
                    hash: row["token_hash"], createdAt: row["created_at"],
                    expiresAt: row["expires_at"])
            }
        }
        let export = try await source.export(
            ServerUser(id: user.id, name: user.name, timeZone: user.timeZone),
            withSamples: false)
        let started = try MigrationChecksum(export, token: token)
        return try await source.read { db in
            var checksum = started
            // Hashed from SQLite's stored bytes, as the copy reads them (``BinaryCopy``).
            let row = RawStatement(
                try db.cachedStatement(
                    sql: """
                        SELECT s.uuid, t.identifier, s.start, s."end", s.value, s.source_name, s.metadata
                        FROM samples s INDEXED BY samples_by_uuid JOIN types t ON t.id = s.type_id
                        WHERE s.user_id = ? ORDER BY s.uuid
                        """))
            row.reset()
            row.bind(1, user.id)
            while try row.nextRow(db) {
                try row.withBytes(0) { uuid in
                    guard uuid.count == 16 else {
                        row.reset()
                        throw VitalsError(
                            .database, "a sample's UUID is not 16 bytes", at: InputLocation(file: source.path))
                    }
                    row.withBytes(1) { type in
                        row.withBytes(5) { sourceName in
                            func add(_ metadata: UnsafeRawBufferPointer?) {
                                checksum.addSample(
                                    uuid: uuid, type: type, start: row.double(2).bitPattern,
                                    end: row.double(3).bitPattern, value: row.double(4).bitPattern,
                                    source: sourceName, metadata: metadata)
                            }
                            if row.isNull(6) { add(nil) } else { row.withBytes(6) { add($0) } }
                        }
                    }
                }
            }
            return checksum.finish()
        }
    }

    /// The user's rows per table and checksum in PostgreSQL; nothing and "" when the user is not there.
    private func targetState(of user: SourceUser) async throws -> ([String: Int], String) {
        let logger = target.logger
        let found: ServerUser? = try await target.guarded {
            for try await row in try await target.client.query(
                "SELECT id, time_zone FROM users WHERE name = \(user.name)", logger: logger)
            {
                let cells = row.makeRandomAccess()
                return ServerUser(
                    id: try cells.value("id"), name: user.name,
                    timeZone: try cells.value("time_zone"))
            }
            return nil
        }
        guard let found else { return ([:], "") }
        let counting = MigrationTable.counted.map {
            "SELECT '\($0)' AS name, COUNT(*) AS count FROM \($0) WHERE user_id = \(found.id)"
        }.joined(separator: " UNION ALL ")
        let (counts, token): ([String: Int], String?) = try await target.guarded {
            var counts: [String: Int] = [:]
            for try await row in try await target.client.query(PostgresQuery(unsafeSQL: counting), logger: logger) {
                let cells = row.makeRandomAccess()
                counts[try cells.value("name")] = try cells.value("count")
            }
            var token: String?
            for try await row in try await target.client.query(
                """
                SELECT token_hash, created_at, expires_at FROM tokens WHERE user_id = \(found.id)
                """, logger: logger)
            {
                let cells = row.makeRandomAccess()
                let created: Date = try cells.value("created_at")
                let expires: Date? = try cells.value("expires_at")
                token = MigrationChecksum.token(
                    hash: try cells.value("token_hash"),
                    createdAt: created.timeIntervalSince1970,
                    expiresAt: expires?.timeIntervalSince1970)
            }
            return (counts, token)
        }
        var checksum = try MigrationChecksum(try await target.export(found, withSamples: false), token: token)
        try await target.guarded {
            // Rows arrive as they are read (the row stream has backpressure): one at a time in memory.
            let rows = try await target.client.query(
                """
                SELECT uuid, type, start_time, end_time, value, source_name, metadata
                FROM samples WHERE user_id = \(found.id) ORDER BY uuid
                """, logger: logger)
            // Hashed from the cells' bytes in PostgreSQL's binary format (uuid: 16 bytes, text:
            // UTF-8, float8: the big-endian bit pattern), as the source's stored bytes are; by
            // position, in the SELECT's order, since a user may have millions.
            var gathered = RowBytes()
            for try await row in rows {
                try gathered.gather(row)
                try gathered.withCells { cells in
                    guard cells[0].count == 16, (2...4).allSatisfy({ cells[$0].count == 8 }) else {
                        throw VitalsError(
                            .database, "a sample's UUID or number has an unexpected size",
                            at: InputLocation(field: "samples"))
                    }
                    checksum.addSample(
                        uuid: cells[0], type: cells[1], start: cells.bits(2), end: cells.bits(3),
                        value: cells.bits(4), source: cells[5], metadata: cells.optional(6))
                }
            }
        }
        return (counts, checksum.finish())
    }
}
