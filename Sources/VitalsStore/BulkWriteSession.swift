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
    func run<T: Sendable>(
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
