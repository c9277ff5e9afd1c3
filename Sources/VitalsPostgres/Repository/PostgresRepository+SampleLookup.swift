import Foundation
import PostgresNIO
import VitalsCore
import VitalsServerStorage

extension PostgresRepository {
    public func sample(of user: ServerUser, uuid: UUID) async throws -> StoredSample? {
        try await guarded {
            try await client.withConnection { connection in
                var found: StoredSample?
                for try await row in try await connection.query(
                    """
                    SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM samples
                    WHERE user_id = \(user.id) AND uuid = \(uuid)
                    """, logger: logger)
                {
                    let cells = row.makeRandomAccess()
                    found = StoredSample(
                        uuid: try cells.value("uuid"), type: try cells.value("type"),
                        start: Date(timeIntervalSince1970: try cells.value("start_time")),
                        end: Date(timeIntervalSince1970: try cells.value("end_time")),
                        value: try cells.value("value"),
                        sourceName: try cells.value("source_name"),
                        metadata: StoredSample.metadata(json: try cells.value("metadata")))
                }
                return found
            }
        }
    }
}
