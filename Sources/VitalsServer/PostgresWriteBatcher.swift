import Foundation
import Logging
import PostgresNIO

/// Group commit for PostgreSQL: writes of concurrent requests share one transaction and one commit.
///
/// Each commit with `synchronous_commit = on` waits for a WAL flush, and each statement is a
/// round trip. Under load, writes queue up while batches run; a free runner takes all waiting
/// writes (up to ``maximumBatch``), takes their users' write locks in one statement in user-id
/// order (so two batches never deadlock, on one server or several), runs the writes one after
/// another, and commits once. A write's caller resumes only after the commit that contains it
/// succeeded: an answer sent to a client is already durable.
///
/// A write that fails aborts the batch's transaction: the batch is rolled back and each of its
/// writes runs again alone, in its own transaction, so the failing write gets its error and the
/// others still commit. (Failures are rare, so this costs less than a savepoint per write: two
/// round trips each.) When a commit fails, every write of that batch fails and none of it is stored.
///
/// Snapshot-only writes (``PostgresSnapshotWrite``, the daily-metrics API's) of a batch that
/// has more than one are stored together, in a few statements for all of them, before the
/// batch's other writes run one after another.
final class PostgresWriteBatcher: @unchecked Sendable {
    /// One queued write: runs on the batch's connection, then learns how the commit went.
    private struct Job {
        /// The second key of the user's write lock.
        let lockKey: Int32
        /// Runs the write, keeping its outcome; false when it failed.
        let run: @Sendable (PostgresConnection) async -> Bool
        /// The write as a snapshot-only one, and how it learns its result when stored with others; nil for none.
        let shared: (write: PostgresSnapshotWrite, deliver: @Sendable (HealthWriteResult) -> Void)?
        let complete: @Sendable ((any Error)?) -> Void
    }

    private let client: PostgresClient
    private let logger: Logger
    private let lock = NSLock()
    private var pending: [Job] = []
    private var runners = 0
    private var committedShared = 0
    /// At most this many writes per transaction.
    let maximumBatch: Int
    /// At most this many batches at once, each on its own connection.
    let maximumRunners: Int

    /// The writes queued and not yet taken by a runner.
    var waiting: Int {
        lock.lock()
        defer { lock.unlock() }
        return pending.count
    }

    /// The writes committed in shared statements (``PostgresSnapshotWrite``) so far.
    var sharedWrites: Int {
        lock.lock()
        defer { lock.unlock() }
        return committedShared
    }

    init(client: PostgresClient, logger: Logger, maximumBatch: Int = 64, maximumRunners: Int = 4) {
        self.client = client
        self.logger = logger
        self.maximumBatch = max(1, maximumBatch)
        self.maximumRunners = max(1, maximumRunners)
    }

    /// Runs `body` in the next batch holding `user`'s write lock; returns once that batch committed.
    ///
    /// `body` may run more than once (again alone when another write of its batch failed): it
    /// must only read and write through the connection.
    func write<T: Sendable>(lockKey: Int32,
                            _ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await submit(lockKey: lockKey, body) { _ in nil }
    }

    /// Runs a snapshot-only write in the next batch: with the batch's other such writes when it
    /// can (see ``PostgresSnapshotWrite/store(_:on:logger:)``), otherwise as `body`, which applies it.
    func write(_ shared: PostgresSnapshotWrite, lockKey: Int32,
               _ body: @escaping @Sendable (PostgresConnection) async throws -> HealthWriteResult) async throws
        -> HealthWriteResult {
        try await submit(lockKey: lockKey, body) { outcome in (shared, { outcome.result = .success($0) }) }
    }

    private func submit<T: Sendable>(
        lockKey: Int32, _ body: @escaping @Sendable (PostgresConnection) async throws -> T,
        sharing: (WriteOutcome<T>) -> (write: PostgresSnapshotWrite, deliver: @Sendable (HealthWriteResult) -> Void)?
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = WriteOutcome<T>()
            enqueue(Job(
                lockKey: lockKey,
                run: { connection in
                    do {
                        outcome.result = .success(try await body(connection))
                        return true
                    } catch {
                        outcome.result = .failure(error)
                        return false
                    }
                },
                shared: sharing(outcome),
                complete: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome.result ?? .failure(CancellationError()))
                    }
                }))
        }
    }

    private func enqueue(_ job: Job) {
        lock.lock()
        pending.append(job)
        let start = runners < maximumRunners
        if start { runners += 1 }
        lock.unlock()
        guard start else { return }
        Task { await self.drain() }
    }

    /// Runs batches until nothing is waiting.
    private func drain() async {
        while true {
            let batch = nextBatch()
            guard !batch.isEmpty else { return }
            await run(batch)
        }
    }

    /// Takes the waiting writes (at most ``maximumBatch``); none when nothing waits, and then the runner stops.
    private func nextBatch() -> [Job] {
        lock.lock()
        defer { lock.unlock() }
        let batch = Array(pending.prefix(maximumBatch))
        pending.removeFirst(batch.count)
        if batch.isEmpty { runners -= 1 }
        return batch
    }

    /// Runs a batch in one transaction; when one of its writes fails, each again alone.
    private func run(_ batch: [Job]) async {
        var failed = false
        do {
            try await client.withConnection { connection in
                failed = try await self.transaction(batch, on: connection)
            }
        } catch {
            for job in batch { job.complete(error) }
            return
        }
        guard failed else {
            for job in batch { job.complete(nil) }
            return
        }
        if batch.count == 1 {
            batch[0].complete(nil)  // Its outcome holds its error.
            return
        }
        for job in batch { await run([job]) }
    }

    /// Runs the jobs in one transaction and commits it; true when a job failed (and nothing was committed).
    private func transaction(_ batch: [Job], on connection: PostgresConnection) async throws -> Bool {
        try await connection.query("BEGIN", logger: logger)
        var rest = batch
        do {
            let keys = Array(Set(batch.map(\.lockKey))).sorted()
            // One after another in id order: batches holding some of the same users never deadlock.
            try await connection.query("""
                SELECT pg_advisory_xact_lock(\(PostgresRepository.userWriteLock), k) FROM UNNEST(\(keys)::int4[]) AS k
                """, logger: logger)
            if batch.count(where: { $0.shared != nil }) > 1 {
                do {
                    rest = try await storeShared(batch, on: connection)
                } catch {
                    try await connection.query("ROLLBACK", logger: logger)
                    return true
                }
            }
            for job in rest {
                guard await job.run(connection) else {
                    try await connection.query("ROLLBACK", logger: logger)
                    return true
                }
            }
        } catch {
            // The connection may be broken; the pool drops a closed one.
            try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
        try await connection.query("COMMIT", logger: logger)
        lock.withLock { committedShared += batch.count - rest.count }
        return false
    }

    /// Stores the batch's snapshot-only writes together; returns the jobs left to run one by one.
    private func storeShared(_ batch: [Job], on connection: PostgresConnection) async throws -> [Job] {
        let sharing = batch.filter { $0.shared != nil }
        let results = try await PostgresSnapshotWrite.store(sharing.map { $0.shared!.write }, on: connection,
                                                            logger: logger)
        var rest = batch.filter { $0.shared == nil }
        for (job, result) in zip(sharing, results) {
            if let result { job.shared?.deliver(result) } else { rest.append(job) }
        }
        return rest
    }
}
