import Foundation
import GRDB
import PostgresNIO
import VitalsCore

extension ServerMigration {
    /// Compares the user's rows per table and checksums (``MigrationChecksum``) on both sides,
    /// reading the two databases at the same time.
    func verify(_ user: SourceUser) async throws -> UserVerification {
        async let sourceSum = sourceChecksum(of: user)
        async let targetSide = targetState(of: user)
        let sourceCounts = try await sourceCounts(of: user.id)
        let (targetCounts, targetChecksum) = try await targetSide
        return UserVerification(name: user.name, sourceCounts: sourceCounts, targetCounts: targetCounts,
                                sourceChecksum: try await sourceSum, targetChecksum: targetChecksum)
    }

    /// The checksum of the user's export and token in the SQLite file.
    private func sourceChecksum(of user: SourceUser) async throws -> String {
        let token = try await source.read { db in
            try Row.fetchOne(db, sql: "SELECT token_hash, created_at, expires_at FROM tokens WHERE user_id = ?",
                             arguments: [user.id]).map { row in
                MigrationChecksum.token(hash: row[0], createdAt: row[1], expiresAt: row[2])
            }
        }
        let export = try await source.export(ServerUser(id: user.id, name: user.name, timeZone: user.timeZone))
        return try MigrationChecksum.digest(export, token: token)
    }

    /// The user's rows per table and checksum in PostgreSQL; nothing and "" when the user is not there.
    private func targetState(of user: SourceUser) async throws -> ([String: Int], String) {
        let logger = target.logger
        let found: ServerUser? = try await target.guarded {
            for try await (id, zone) in try await target.client.query(
                "SELECT id, time_zone FROM users WHERE name = \(user.name)", logger: logger).decode((Int64, String).self) {
                return ServerUser(id: id, name: user.name, timeZone: zone)
            }
            return nil
        }
        guard let found else { return ([:], "") }
        let counting = MigrationTable.counted.map {
            "SELECT '\($0)', COUNT(*) FROM \($0) WHERE user_id = \(found.id)"
        }.joined(separator: " UNION ALL ")
        let (counts, token): ([String: Int], String?) = try await target.guarded {
            var counts: [String: Int] = [:]
            for try await (table, count) in try await target.client.query(PostgresQuery(unsafeSQL: counting),
                                                                         logger: logger).decode((String, Int).self) {
                counts[table] = count
            }
            var token: String?
            for try await (hash, created, expires) in try await target.client.query("""
                SELECT token_hash, created_at, expires_at FROM tokens WHERE user_id = \(found.id)
                """, logger: logger).decode((String, Date, Date?).self) {
                token = MigrationChecksum.token(hash: hash, createdAt: created.timeIntervalSince1970,
                                                expiresAt: expires?.timeIntervalSince1970)
            }
            return (counts, token)
        }
        return (counts, try MigrationChecksum.digest(try await target.export(found), token: token))
    }
}
