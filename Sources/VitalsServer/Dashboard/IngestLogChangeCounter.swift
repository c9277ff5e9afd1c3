import Foundation
import VitalsCore
import VitalsServerStorage

/// A server user's change count: the id of their newest ingest log entry.
///
/// Every write through the API (Health Auto Export, the sync and daily APIs, an export import)
/// logs an entry in the write's own transaction, and ids only rise, so the count moves with each
/// arrival, also one a peer server on the same PostgreSQL database took in. The Records page's
/// own edits log nothing; its pages do not update live.
struct IngestLogChangeCounter: ChangeCounter {
    let repository: any IngestLogStore
    let user: ServerUser

    func changeCount() async throws -> Int64 {
        try await repository.ingests(of: user, limit: 1, before: nil).first?.id ?? 0
    }
}
