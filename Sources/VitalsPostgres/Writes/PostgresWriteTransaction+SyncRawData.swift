import Foundation
import PostgresNIO
import VitalsServerStorage

extension PostgresWriteTransaction {
    nonisolated(nonsending) func keep(_ raw: SyncRawData) async throws {
        try await connection.query(
            """
            INSERT INTO sync_raw_data (user_id, date, source, healthkit, received_at)
            VALUES (\(user.id), \(raw.date.description)::date, \(raw.source.rawValue), \(raw.healthkit.text),
                    \(raw.receivedAt))
            ON CONFLICT (user_id, date, source)
            DO UPDATE SET healthkit = excluded.healthkit, received_at = excluded.received_at
            """, logger: logger)
    }
}
