import Foundation
import GRDB
import Synchronization
import VitalsStore

/// Group commit for SQLite: writes of concurrent requests share one transaction and one commit.
///
/// SQLite has one writer and every commit costs a WAL append (and, with `synchronous = FULL`,
/// an fsync). Under load, writes queue up while a transaction runs; the batcher then runs all
/// waiting writes in the next transaction, each inside its own savepoint, so one failing write
/// rolls back alone and the others still commit. A write's caller resumes only after the commit
/// that contains it succeeded: an answer sent to a client is already durable. When the commit
/// itself fails, every write of that batch fails and none of it is stored.
///
/// A write may be `async` (a ``HealthWrite``'s sequence is): the batch runs in a
/// ``SQLiteWriteSession`` whose jobs the writer runs itself, between `BEGIN` and `COMMIT`.
final class SQLiteWriteBatcher: Sendable {
    /// One queued write: runs inside the batch's transaction, then learns how the commit went.
    private struct Job {
        let run: SQLiteWriteSession.Work
        /// Whether it runs in a transaction of its own (see ``transaction(alone:_:)``).
        let alone: Bool
        let complete: @Sendable ((any Error)?) -> Void
    }

    private let pool: DatabasePool
    /// Runs each batch's writes on the writer queue (see ``SQLiteWriterExecutor``).
    private let executor = SQLiteWriterExecutor()
    /// The writes waiting, whether the writer is draining them, and whether a checkpoint is wanted.
    private struct State {
        var pending: [Job] = []
        var draining = false
        /// Set when the background checkpointer has just copied the log: the writer finishes the
        /// job after its next batch (see ``finishCheckpoint()``).
        var checkpointWanted = false
    }

    private let state = Mutex(State())
    /// At most this many writes per transaction, so one commit never waits on an unbounded batch.
    private let maximumBatch: Int

    init(pool: DatabasePool, maximumBatch: Int = 256) {
        self.pool = pool
        self.maximumBatch = maximumBatch
    }

    /// Asks the writer for a passive checkpoint right after its next batch.
    ///
    /// A checkpoint run on another connection copies the WAL but cannot restart it while writes
    /// keep coming (SQLite restarts the log only when a writer finds it fully copied), so the
    /// file would grow without end. A passive checkpoint by the writer itself, right after a
    /// commit, finds little left to copy and lets the next transaction restart the log. Asked
    /// for just after the background checkpointer finished, it copies only what was committed
    /// meanwhile: a checkpoint on the writer's own clock copied up to half a second of frames
    /// and stalled every waiting write for several milliseconds.
    func finishCheckpoint() {
        state.withLock { $0.checkpointWanted = true }
    }

    /// Runs `body` in a savepoint of the next batch; returns once that batch committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await transaction { session in try session.withDatabase(body) }
    }

    /// Runs an async `body` on the writer, in a savepoint of the next batch; returns once that
    /// batch committed. `body` runs isolated to the batch's session (see ``SQLiteWriteSession``).
    ///
    /// With `alone` the batch holds `body` only: a long write (an import) then commits, or fails
    /// to, without the writes that arrived meanwhile, which take the next batch.
    func transaction<T: Sendable>(
        alone: Bool = false, _ body: @escaping @Sendable (isolated SQLiteWriteSession) async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = WriteOutcome<T>()
            enqueue(
                Job(
                    run: { session in outcome.result = await session.inSavepoint { try await body(session) } },
                    alone: alone,
                    complete: { commitError in
                        if let commitError {
                            continuation.resume(throwing: commitError)
                        } else {
                            continuation.resume(
                                with: outcome.result ?? .failure(DatabaseError(message: "write did not run")))
                        }
                    }))
        }
    }

    private func enqueue(_ job: Job) {
        let start = state.withLock { state in
            state.pending.append(job)
            let start = !state.draining
            state.draining = true
            return start
        }
        guard start else { return }
        pool.asyncWriteWithoutTransaction { db in self.drain(db) }
    }

    /// Runs batches until nothing is waiting, on the pool's writer queue.
    private func drain(_ db: Database) {
        while true {
            let batch = state.withLock { state in
                let batch = Self.batch(from: state.pending, atMost: maximumBatch)
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            var commitError: (any Error)?
            do {
                try db.inTransaction(.immediate) {
                    // The connection moves into the session, whose jobs run on this queue until drive() returns.
                    nonisolated(unsafe) let connection = db
                    let session = SQLiteWriteSession(db: connection, executor: executor)
                    let work = batch.map(\.run)
                    SQLiteWriterExecutor.start { await session.run(work) }
                    executor.drive()
                    return .commit
                }
            } catch {
                commitError = error
            }
            for job in batch { job.complete(commitError) }
            let wanted = state.withLock { state in
                defer { state.checkpointWanted = false }
                return state.checkpointWanted
            }
            if wanted { _ = try? db.checkpoint(.passive) }
        }
    }
}

extension SQLiteWriteBatcher {
    /// The writes of `pending` the next batch takes: at most `limit`, and a write that runs alone
    /// only by itself.
    private static func batch(from pending: [Job], atMost limit: Int) -> [Job] {
        guard let first = pending.first else { return [] }
        if first.alone { return [first] }
        return Array(pending.prefix(limit).prefix { !$0.alone })
    }
}
