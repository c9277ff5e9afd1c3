import Foundation
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// Each user's raw sync data (a journey sync's `rawData.healthkit`, per day and source).
extension PostgresRepository {
    /// One row per user, day and source: the latest sync's raw HealthKit object, as compact JSON
    /// (text, not JSONB: the object comes back as it was kept, and as SQLite keeps it).
    static let syncRawDataMigration: [String] = [
        """
        CREATE TABLE sync_raw_data (
            user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            date DATE NOT NULL,
            source TEXT NOT NULL,
            healthkit TEXT NOT NULL,
            received_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (user_id, date, source)
        )
        """
    ]

    /// The user's raw sync data, by day, then source, in the caller's connection (and transaction).
    func fetchSyncRawData(of user: ServerUser, on connection: PostgresConnection) async throws -> [SyncRawData] {
        var kept: [SyncRawData] = []
        for try await row in try await connection.query(
            """
            SELECT date::text, source, healthkit, received_at FROM sync_raw_data WHERE user_id = \(user.id)
            ORDER BY date, source
            """, logger: logger)
        {
            let cells = row.makeRandomAccess()
            guard let date = try? LocalDate(parsing: try cells.value("date")),
                let source = HealthSyncRequest.DataSource(rawValue: try cells.value("source"))
            else { continue }
            kept.append(
                SyncRawData(
                    date: date, source: source, healthkit: RawJSON(text: try cells.value("healthkit")),
                    receivedAt: try cells.value("received_at")))
        }
        return kept
    }
}
