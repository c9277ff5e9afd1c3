import Foundation
import GRDB
import VitalsCore

/// Bulk writes: one transaction for a large batch (an import), synchronous or awaiting what it stores.
extension SQLiteHealthStore {
    /// Runs `body` in one write transaction with a ``BulkWriter``; throwing rolls everything back.
    ///
    /// Requires share authorization for nothing in particular: bulk writes are the owner's
    /// imports. Caches of touched types are dropped and change listeners told after commit.
    ///
    /// When no other connection has the file open, the write runs in SQLite's rollback-journal
    /// mode and switches back to WAL afterwards: pages appended to the file are then written
    /// once instead of twice (into the WAL, then by the checkpoint), and readers in other
    /// processes wait until it commits. With other connections open it runs in WAL mode.
    public func bulkWrite<T: Sendable>(_ body: @escaping @Sendable (inout BulkWriter) throws -> T) async throws -> T {
        // Idle reader connections of this store would keep the file in WAL mode.
        (pool as? DatabasePool)?.releaseMemory()
        let ownsFile = ownsFile
        let (value, touched) = try await barrierWrite { db -> (T, Set<SampleType>) in
            try Self.inBulkTransaction(db, ownsFile: ownsFile) {
                var bulk = try BulkWriter(db)
                let value = try body(&bulk)
                try bulk.finish()
                return (value, try bulk.changedTypes())
            }
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return value
    }

    /// Runs `body` in an immediate transaction set up for a bulk write (see ``bulkWrite(_:)``).
    static func inBulkTransaction<R>(_ db: Database, ownsFile: Bool, _ body: () throws -> R) throws -> R {
        let exclusive = ownsFile && enterRollbackJournal(db)
        defer { if exclusive { leaveRollbackJournal(db) } }
        // A smaller page cache for the long transaction keeps an import's memory flat;
        // inserts arrive in key order, so a larger cache buys little.
        try db.execute(sql: "PRAGMA cache_size = -\(bulkCacheKiB)")
        defer { try? db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)") }
        var result: R?
        try db.inTransaction(.immediate) {
            result = try body()
            return .commit
        }
        return result!
    }

    /// Switches the connection to a rollback journal when it is the file's only connection.
    ///
    /// `synchronous = FULL` goes with it: in rollback mode that is what keeps a power loss
    /// from corrupting the file. Returns whether the switch happened.
    static func enterRollbackJournal(_ db: Database) -> Bool {
        guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete" else { return false }
        try? db.execute(sql: "PRAGMA synchronous = FULL")
        return true
    }

    /// Returns the connection to WAL mode and its usual durability.
    static func leaveRollbackJournal(_ db: Database) {
        _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        try? db.execute(sql: "PRAGMA synchronous = NORMAL")
    }

    /// Runs `body` in one write transaction with a ``BulkWriter``, awaiting what it needs between
    /// writes; throwing rolls everything back.
    ///
    /// The same transaction as ``bulkWrite(_:)`` (rollback journal when the store is the file's
    /// only connection, caches dropped and listeners told after commit), for a body that awaits
    /// the items it stores: an export import takes its parser's batches as they come. Other
    /// writers wait until it commits. Cancelling the caller does not interrupt `body`: it ends
    /// when what it awaits ends (the import's parser stops on cancellation, and so does the body).
    public func bulkWrite<T: Sendable>(
        awaiting body: @escaping @Sendable (isolated BulkWriteSession, inout BulkWriter) async throws -> T
    ) async throws -> T {
        (pool as? DatabasePool)?.releaseMemory()
        let ownsFile = ownsFile
        let (value, touched) = try await barrierWrite { db -> (T, Set<SampleType>) in
            try Self.inBulkTransaction(db, ownsFile: ownsFile) {
                let executor = SQLiteWriterExecutor()
                // The connection moves into the session, whose jobs run on this queue until drive() returns.
                nonisolated(unsafe) let connection = db
                let session = try BulkWriteSession(db: connection, executor: executor)
                let outcome = Locked<Result<(T, Set<SampleType>), any Error>?>(nil)
                SQLiteWriterExecutor.start { await session.run(body, into: outcome) }
                executor.drive()
                guard let result = outcome.withLock({ $0 }) else { throw CancellationError() }
                return try result.get()
            }
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return value
    }
}
