import Foundation
import GRDB

/// Group commit for SQLite: writes of concurrent requests share one transaction and one commit.
///
/// SQLite has one writer and every commit costs a WAL append (and, with `synchronous = FULL`,
/// an fsync). Under load, writes queue up while a transaction runs; the batcher then runs all
/// waiting writes in the next transaction, each inside its own savepoint, so one failing write
/// rolls back alone and the others still commit. A write's caller resumes only after the commit
/// that contains it succeeded: an answer sent to a client is already durable. When the commit
/// itself fails, every write of that batch fails and none of it is stored.
final class SQLiteWriteBatcher: @unchecked Sendable {
    /// One queued write: runs inside the batch's transaction, then learns how the commit went.
    private struct Job {
        let run: (Database) -> Void
        let complete: ((any Error)?) -> Void
    }

    private let pool: DatabasePool
    private let lock = NSLock()
    private var pending: [Job] = []
    private var draining = false
    /// At most this many writes per transaction, so one commit never waits on an unbounded batch.
    private let maximumBatch: Int
    /// Set when the background checkpointer has just copied the log: the writer finishes the job
    /// after its next batch (see ``finishCheckpoint()``).
    private var checkpointWanted = false

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
        lock.lock()
        checkpointWanted = true
        lock.unlock()
    }

    /// Runs `body` in a savepoint of the next batch; returns once that batch committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = OutcomeBox<T>()
            enqueue(Job(
                run: { db in outcome.result = Self.inSavepoint(db, body) },
                complete: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome.result ?? .failure(DatabaseError(message: "write did not run")))
                    }
                }))
        }
    }

    /// Runs `body` in a savepoint, rolled back alone when `body` throws.
    ///
    /// The savepoint statements are prepared once per connection (GRDB's `inSavepoint` parses
    /// them on every call, a fifth of a small write's time on the writer).
    private static func inSavepoint<T>(_ db: Database, _ body: (Database) throws -> T) -> Result<T, any Error> {
        do {
            try db.cachedStatement(sql: "SAVEPOINT vitals_write").execute()
        } catch {
            return .failure(error)
        }
        do {
            let value = try body(db)
            try db.cachedStatement(sql: "RELEASE SAVEPOINT vitals_write").execute()
            return .success(value)
        } catch {
            // When the rollback itself fails, the transaction is broken and its commit fails too.
            try? db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT vitals_write").execute()
            try? db.cachedStatement(sql: "RELEASE SAVEPOINT vitals_write").execute()
            return .failure(error)
        }
    }

    private func enqueue(_ job: Job) {
        lock.lock()
        pending.append(job)
        let start = !draining
        draining = true
        lock.unlock()
        guard start else { return }
        pool.asyncWriteWithoutTransaction { db in self.drain(db) }
    }

    /// Runs batches until nothing is waiting, on the pool's writer queue.
    private func drain(_ db: Database) {
        while true {
            lock.lock()
            let batch = Array(pending.prefix(maximumBatch))
            pending.removeFirst(batch.count)
            if batch.isEmpty { draining = false }
            lock.unlock()
            guard !batch.isEmpty else { return }
            var commitError: (any Error)?
            do {
                try db.inTransaction(.immediate) {
                    for job in batch { job.run(db) }
                    return .commit
                }
            } catch {
                commitError = error
            }
            for job in batch { job.complete(commitError) }
            lock.lock()
            let wanted = checkpointWanted
            checkpointWanted = false
            lock.unlock()
            if wanted { _ = try? db.checkpoint(.passive) }
        }
    }
}

/// A write's result, set on the writer queue and read after the commit.
private final class OutcomeBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
