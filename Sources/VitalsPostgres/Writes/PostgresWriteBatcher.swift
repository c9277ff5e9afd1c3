import Foundation
import Logging
import PostgresNIO
import Synchronization
import VitalsCore
import VitalsServerStorage

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
///
/// A batch's transaction uses generic plans (`plan_cache_mode = force_generic_plan`, set for the
/// transaction only): its statements are prepared (``PostgresPrepared``), and PostgreSQL would
/// otherwise plan those on the partitioned `samples` table anew on every call. A generic plan
/// there costs all partitions, pruned when it runs, so the plan cache always judged it dearer
/// than one planned for the call's user: 0.6 ms of PostgreSQL's CPU per one-day payload, a fifth
/// of its share. Statements outside writes keep the default.
///
/// Once the batch holds its users' locks, one statement reads them (``PostgresBatchUsers``): each
/// one's quests, which its writes are handed instead of reading them, and any user removed
/// meanwhile, whose writes fail with `notFound` and store nothing (`samples` has no foreign key
/// to `users`: a check per row was a third of an ingest's insert). A removal takes the same lock
/// (``PostgresRepository/removeUser(named:)``), so no sample outlives its user.
///
/// The runners are child tasks of ``run()``, which the repository runs beside its pool for as
/// long as the repository runs (see +Runners): none outlives it. Writes queued before ``run()``
/// starts wait for it; once it has ended, a write fails at once (``stopped``).
final class PostgresWriteBatcher: Sendable {
    /// One queued write: runs on the batch's connection, then learns how the commit went.
    struct Job {
        /// The user whose write it is.
        let userID: Int64
        /// The second key of the user's write lock.
        let lockKey: Int32
        /// Whether it runs in a transaction of its own, never batched (so never run twice).
        let alone: Bool
        /// Runs the write, keeping its outcome; false when it failed.
        let run: @Sendable (PostgresConnection, PostgresBatchUsers) async -> Bool
        /// The write as a snapshot-only one, and how it learns its result when stored with others; nil for none.
        let shared: (write: PostgresSnapshotWrite, deliver: @Sendable (HealthWriteResult) -> Void)?
        let complete: @Sendable ((any Error)?) -> Void
    }

    private let client: PostgresClient
    private let logger: Logger
    /// What the runners share.
    struct State {
        var pending: [Job] = []
        /// The runners ``run()`` started that have not stopped yet.
        var runners = 0
        var runnerLimit: Int
        var committedShared = 0
        /// Whether ``run()`` has ended or is ending: no write is queued any more.
        var stopped = false
    }

    let state: Mutex<State>
    /// Wakes ``run()`` when a write is queued and a runner may start for it.
    let wakeUps: AsyncStream<Void>
    /// Where ``enqueue(_:)`` wakes ``run()``; finished when ``run()`` is to stop.
    let wake: AsyncStream<Void>.Continuation
    /// At most this many writes per transaction.
    let maximumBatch: Int
    /// At most this many batches at once, each on its own connection, shared among the servers
    /// writing to the database (``share(among:)``).
    let maximumRunners: Int

    /// How many batches may run at once now: this server's share of ``maximumRunners``.
    var allowedRunners: Int {
        state.withLock { $0.runnerLimit }
    }

    /// Takes this server's share of ``maximumRunners`` when `servers` write to the database (at
    /// least one runner). Runners beyond it stop after their batch.
    func share(among servers: Int) {
        let limit = max(1, maximumRunners / max(1, servers))
        state.withLock { $0.runnerLimit = limit }
    }

    /// The writes queued and not yet taken by a runner.
    var waiting: Int {
        state.withLock { $0.pending.count }
    }

    /// The writes committed in shared statements (``PostgresSnapshotWrite``) so far.
    var sharedWrites: Int {
        state.withLock { $0.committedShared }
    }

    init(client: PostgresClient, logger: Logger, maximumBatch: Int = 64, maximumRunners: Int = 4) {
        self.client = client
        self.logger = logger
        self.maximumBatch = max(1, maximumBatch)
        self.maximumRunners = max(1, maximumRunners)
        self.state = Mutex(State(runnerLimit: max(1, maximumRunners)))
        (wakeUps, wake) = AsyncStream.makeStream()
    }

    /// Runs `body` in the next batch holding `user`'s write lock; returns once that batch committed.
    ///
    /// `body` may run more than once (again alone when another write of its batch failed): it
    /// must only read and write through the connection. With `alone` it is a batch of its own
    /// and runs once: for a body that consumes its input as it writes. Throws `notFound` without
    /// running it when the user was removed.
    func write<T: Sendable>(
        for user: ServerUser, alone: Bool = false,
        _ body: @escaping @Sendable (PostgresConnection, PostgresBatchUsers) async throws -> T
    ) async throws -> T {
        try await submit(for: user, alone: alone, body) { _ in nil }
    }

    /// Runs a snapshot-only write in the next batch: with the batch's other such writes when it
    /// can (see ``PostgresSnapshotWrite/store(_:withQuests:on:logger:)``), otherwise as `body`, which applies it.
    func write(
        _ shared: PostgresSnapshotWrite, for user: ServerUser,
        _ body: @escaping @Sendable (PostgresConnection, PostgresBatchUsers) async throws -> HealthWriteResult
    ) async throws -> HealthWriteResult {
        try await submit(for: user, alone: false, body) { outcome in (shared, { outcome.result = .success($0) }) }
    }

    private func submit<T: Sendable>(
        for user: ServerUser, alone: Bool,
        _ body: @escaping @Sendable (PostgresConnection, PostgresBatchUsers) async throws -> T,
        sharing: (WriteOutcome<T>) -> (write: PostgresSnapshotWrite, deliver: @Sendable (HealthWriteResult) -> Void)?
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = WriteOutcome<T>()
            enqueue(
                Job(
                    userID: user.id,
                    lockKey: PostgresRepository.lockKey(of: user),
                    alone: alone,
                    run: { connection, users in
                        do {
                            outcome.result = .success(try await body(connection, users))
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

    /// Queues `job` and wakes ``run()`` when a runner may start for it; fails it at once, with
    /// ``stopped``, once ``run()`` has ended.
    private func enqueue(_ job: Job) {
        let queued = state.withLock { state -> (queued: Bool, wake: Bool) in
            guard !state.stopped else { return (false, false) }
            state.pending.append(job)
            return (true, state.runners < state.runnerLimit)
        }
        guard queued.queued else {
            job.complete(Self.stopped)
            return
        }
        if queued.wake { wake.yield() }
    }

    /// How a batch's transaction ended.
    private enum Ending {
        /// Committed; the writes of these users stored nothing, the users being removed.
        case committed(removed: Set<Int64>)
        /// A write failed and the transaction was rolled back.
        case failed
    }

    /// Runs a batch in one transaction; when one of its writes fails, each again alone.
    ///
    /// A runner cancelled (``run()`` was) leases no connection: the batch fails with ``stopped``.
    func runBatch(_ batch: [Job]) async {
        guard !Task.isCancelled else {
            for job in batch { job.complete(Self.stopped) }
            return
        }
        var ending = Ending.failed
        do {
            try await client.withConnection { connection in
                ending = try await self.transaction(batch, on: connection)
            }
        } catch {
            // Cancelled waiting for a connection, or before its commit: nothing was stored.
            let failure = error is CancellationError ? Self.stopped : error
            for job in batch { job.complete(failure) }
            return
        }
        switch ending {
        case .committed(let removed):
            for job in batch {
                job.complete(
                    removed.contains(job.userID)
                        ? VitalsError(
                            .notFound, "the user was removed before this write was stored; nothing was stored")
                        : nil)
            }
        case .failed where batch.count == 1:
            batch[0].complete(nil)  // Its outcome holds its error.
        case .failed:
            for job in batch { await runBatch([job]) }
        }
    }

    /// Runs the jobs in one transaction and commits it, or rolls it back when a job failed.
    private func transaction(_ batch: [Job], on connection: PostgresConnection) async throws -> Ending {
        try await connection.query("BEGIN", logger: logger)
        let removed: Set<Int64>
        var live: [Job]
        var rest: [Job]
        do {
            let keys = Array(Set(batch.map(\.lockKey))).sorted()
            // One after another in id order: batches holding some of the same users never deadlock.
            // The same statement makes the transaction use generic plans (see the type's notes).
            for try await _ in try await connection.execute(PostgresPrepared.BatchLocks(keys: keys), logger: logger) {}
            let users = try await PostgresBatchUsers.read(Set(batch.map(\.userID)), on: connection, logger: logger)
            removed = users.removed
            live = batch.filter { !removed.contains($0.userID) }
            rest = live
            if live.count(where: { $0.shared != nil }) > 1 {
                do {
                    rest = try await storeShared(live, users: users, on: connection)
                } catch {
                    try await connection.query("ROLLBACK", logger: logger)
                    return .failed
                }
            }
            for job in rest {
                guard await job.run(connection, users) else {
                    try await connection.query("ROLLBACK", logger: logger)
                    return .failed
                }
            }
        } catch {
            // The connection may be broken; the pool drops a closed one.
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
        try await connection.query("COMMIT", logger: logger)
        let shared = live.count - rest.count
        state.withLock { $0.committedShared += shared }
        return .committed(removed: removed)
    }

    /// Stores the batch's snapshot-only writes together; returns the jobs left to run one by one.
    private func storeShared(
        _ batch: [Job], users: PostgresBatchUsers, on connection: PostgresConnection
    ) async throws
        -> [Job]
    {
        let sharing = batch.filter { $0.shared != nil }
        let results = try await PostgresSnapshotWrite.store(
            sharing.map { $0.shared!.write },
            withQuests: Set(users.quests.keys), on: connection,
            logger: logger)
        var rest = batch.filter { $0.shared == nil }
        for (job, result) in zip(sharing, results) {
            if let result { job.shared?.deliver(result) } else { rest.append(job) }
        }
        return rest
    }
}
