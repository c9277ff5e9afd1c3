import Foundation
import ServiceLifecycle
import VitalsCore

/// The runners: child tasks of ``PostgresWriteBatcher/run()``, each taking batches until none waits.
extension PostgresWriteBatcher {
    /// What a write gets once ``run()`` has ended, or when its runner was cancelled before its batch ran.
    static let stopped = VitalsError(
        .unavailable,
        "the PostgreSQL database writer has stopped (the server is shutting down); this write was not stored")

    /// Runs the runners, as child tasks: a write queued starts one while fewer than
    /// ``allowedRunners`` run, and each takes batches until nothing waits.
    ///
    /// Runs until the task is cancelled, the service group shuts down gracefully, or ``finish()``.
    /// Then no write is queued any more (a new one fails at once with ``stopped``), and the writes
    /// already queued are done before it returns: run and committed as usual after a graceful
    /// shutdown or ``finish()``; failed with ``stopped`` when cancelled, since a cancelled runner
    /// leases no connection (a batch that holds one already still commits). The pool must run
    /// until this returns. It runs once: a batcher that stopped stays stopped.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            await withTaskCancellationOrGracefulShutdownHandler {
                for await _ in wakeUps {
                    if startsRunner() { group.addTask { await self.drain() } }
                }
            } onCancelOrGracefulShutdown: {
                self.wake.finish()
            }
            if stop() {
                group.addTask { await self.drain() }
            }
            // The group waits for its runners: each returns once nothing waits.
        }
    }

    /// Ends ``run()`` as a graceful shutdown does: the writes queued still commit, later ones fail.
    func finish() {
        wake.finish()
    }

    /// Runs `body` while ``run()`` runs, then ends it (``finish()``) and returns once it ended:
    /// the writes still queued commit, later ones fail. (When `body` throws, the task group also
    /// cancels ``run()``: the writes still queued may fail instead.)
    func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.run() }
            defer { finish() }
            return try await body()
        }
    }

    /// Counts a new runner when a write waits and fewer than ``allowedRunners`` run.
    private func startsRunner() -> Bool {
        state.withLock { state in
            guard !state.pending.isEmpty, state.runners < state.runnerLimit else { return false }
            state.runners += 1
            return true
        }
    }

    /// Queues no more writes; true, counting a runner for them, when writes wait and no runner
    /// is left to take them (a wake-up for them came too late).
    private func stop() -> Bool {
        wake.finish()
        return state.withLock { state in
            state.stopped = true
            guard state.runners == 0, !state.pending.isEmpty else { return false }
            state.runners += 1
            return true
        }
    }

    /// Runs batches until nothing is waiting.
    private func drain() async {
        while true {
            let batch = nextBatch()
            guard !batch.isEmpty else { return }
            await runBatch(batch)
        }
    }

    /// Takes the waiting writes (at most ``maximumBatch``, up to the first that runs alone, or
    /// that one by itself); none when nothing waits or this runner is beyond the server's share
    /// (``share(among:)``), and then the runner stops.
    private func nextBatch() -> [Job] {
        state.withLock { state in
            guard state.runners <= state.runnerLimit else {
                state.runners -= 1  // The others take what waits.
                return []
            }
            let batch = Self.batch(from: state.pending, atMost: maximumBatch)
            state.pending.removeFirst(batch.count)
            if batch.isEmpty { state.runners -= 1 }
            return batch
        }
    }

    /// The writes of `pending` the next batch takes: at most `limit`, and a write that runs alone
    /// only by itself.
    static func batch(from pending: [Job], atMost limit: Int) -> [Job] {
        guard let first = pending.first else { return [] }
        if first.alone { return [first] }
        return Array(pending.prefix(limit).prefix { !$0.alone })
    }
}
