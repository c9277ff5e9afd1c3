import Foundation
import GRDB
import PostgresNIO
import VitalsCore

extension ServerMigration {
    /// Compares the user's rows per table and checksums (``MigrationChecksum``) on both sides.
    func verify(_ user: SourceUser) async throws -> UserVerification {
        let sourceCounts = try await sourceCounts(of: user.id)
        let sourceToken = try await source.read { db in
            try Row.fetchOne(db, sql: "SELECT token_hash, created_at, expires_at FROM tokens WHERE user_id = ?",
                             arguments: [user.id]).map { row in
                MigrationChecksum.token(hash: row[0], createdAt: row[1], expiresAt: row[2])
            }
        }
        let sourceExport = try await source.export(ServerUser(id: user.id, name: user.name, timeZone: user.timeZone))
        var verification = UserVerification(
            name: user.name, sourceCounts: sourceCounts, targetCounts: [:],
            sourceChecksum: try MigrationChecksum.digest(sourceExport, token: sourceToken), targetChecksum: "")
        let logger = target.logger
        let found: ServerUser? = try await target.guarded {
            for try await (id, zone) in try await target.client.query(
                "SELECT id, time_zone FROM users WHERE name = \(user.name)", logger: logger).decode((Int64, String).self) {
                return ServerUser(id: id, name: user.name, timeZone: zone)
            }
            return nil
        }
        guard let found else { return verification }
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
        verification.targetCounts = counts
        verification.targetChecksum = try MigrationChecksum.digest(try await target.export(found), token: token)
        return verification
    }
}
