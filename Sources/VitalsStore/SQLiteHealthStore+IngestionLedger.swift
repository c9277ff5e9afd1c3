public import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore: IngestionLedger {
    /// Migration v4: the ingestion ledger, a table of its own (nothing else reads or changes it).
    static func registerIngestionLedgerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-ingestion-ledger") { db in
            try db.execute(
                sql: """
                    CREATE TABLE ingested_samples (
                        kind TEXT NOT NULL,
                        sample_uuid BLOB NOT NULL,
                        record_id BLOB NOT NULL,
                        ingested_at REAL NOT NULL,
                        PRIMARY KEY (kind, sample_uuid)
                    ) WITHOUT ROWID;
                    """)
        }
    }

    public func ingestedUUIDs(among uuids: [UUID], kind: String) async throws -> Set<UUID> {
        guard !uuids.isEmpty else { return [] }
        return try await read { db in
            var found = Set<UUID>()
            var start = 0
            while start < uuids.count {
                let chunk = Array(uuids[start..<min(start + 500, uuids.count)])
                start += chunk.count
                let placeholders = chunk.map { _ in "?" }.joined(separator: ",")
                var arguments: StatementArguments = [kind]
                arguments += StatementArguments(chunk)
                found.formUnion(
                    try UUID.fetchAll(
                        db,
                        sql: """
                            SELECT sample_uuid FROM ingested_samples WHERE kind = ? AND sample_uuid IN (\(placeholders))
                            """, arguments: arguments))
            }
            return found
        }
    }

    public func recordIngestion(_ entries: [IngestionEntry]) async throws -> Set<UUID> {
        guard !entries.isEmpty else { return [] }
        return try await write { db in
            var added = Set<UUID>()
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO ingested_samples (kind, sample_uuid, record_id, ingested_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (kind, sample_uuid) DO NOTHING
                    """)
            for entry in entries {
                try statement.execute(arguments: [
                    entry.kind, entry.sampleUUID, entry.recordID,
                    entry.ingestedAt.timeIntervalSince1970,
                ])
                if db.changesCount > 0 { added.insert(entry.sampleUUID) }
            }
            return added
        }
    }
}
