import Foundation
import PostgresNIO
import VitalsCore
import VitalsServerStorage

extension PostgresRepository {
    public func sample(of user: ServerUser, uuid: UUID) async throws -> StoredSample? {
        try await guarded {
            try await client.withConnection { connection in
                var found: StoredSample?
                for try await (uuid, type, start, end, value, source, metadata) in try await connection.query("""
                    SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM samples
                    WHERE user_id = \(user.id) AND uuid = \(uuid)
                    """, logger: logger).decode((UUID, String, Double, Double, Double, String, String?).self) {
                    found = StoredSample(uuid: uuid, type: type, start: Date(timeIntervalSince1970: start),
                                         end: Date(timeIntervalSince1970: end), value: value, sourceName: source,
                                         metadata: StoredSample.metadata(json: metadata))
                }
                return found
            }
        }
    }
}
