import Foundation
import GRDB
import VitalsCore

/// The isolation of a bulk write that awaits what it stores: its jobs run on the store's writer queue.
///
/// ``SQLiteHealthStore/bulkWrite(awaiting:)`` runs its body isolated to a session, so the body
/// and its ``BulkWriter`` run on the store's writer queue (the one thread GRDB lets the connection
/// be used on): the queue opens the transaction and then runs the session's jobs
/// (``SQLiteWriterExecutor``) until the body returns. When the body awaits something else (an
/// export's parser, in a task of its own), the queue's thread sleeps until it arrives; no thread
/// of Swift's pool ever waits for the database.
public actor BulkWriteSession {
    /// The writer until the body takes it; it is dropped on the writer queue, with its statements.
    private var writer: BulkWriter?
    private let executor: SQLiteWriterExecutor

    /// A session writing through `db`, in the transaction the writer queue opened.
    init(db: sending Database, executor: SQLiteWriterExecutor) throws {
        writer = try BulkWriter(db)
        self.executor = executor
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Runs the body, finishes the writer, puts what came of it in `outcome` and lets the writer
    /// queue go on to commit (or roll back).
    fileprivate func run<T: Sendable>(
        _ body: @Sendable (isolated BulkWriteSession, inout BulkWriter) async throws -> T,
        into outcome: Locked<Result<(T, Set<SampleType>), any Error>?>
    ) async {
        let result: Result<(T, Set<SampleType>), any Error>
        do {
            // Ends in this scope, so the writer's prepared statements are finalized here, on the
            // writer queue, before the queue goes on.
            var bulk = writer.take()!
            let value = try await body(self, &bulk)
            try bulk.finish()
            result = .success((value, try bulk.changedTypes()))
        } catch {
            result = .failure(error)
        }
        // Set before the queue is let go: it reads the outcome as soon as drive() returns.
        outcome.withLock { $0 = result }
        executor.finish()
    }
}

extension SQLiteHealthStore {
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
