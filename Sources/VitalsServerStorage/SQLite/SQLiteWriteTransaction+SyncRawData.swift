import Foundation
import GRDB

extension SQLiteWriteTransaction {
    nonisolated(nonsending) func keep(_ raw: SyncRawData) async throws {
        try await session.withDatabase { [user] db in try SQLiteRepository.keep(raw, of: user.id, in: db) }
    }
}
