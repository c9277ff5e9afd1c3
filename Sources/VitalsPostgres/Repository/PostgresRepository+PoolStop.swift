import Logging
import VitalsCore

extension PostgresRepository {
    /// Cancels the task that runs the connection pool and waits for it, at most ``poolStopLimit``.
    ///
    /// PostgresNIO's pool (1.33) ends its `run()` once every connection has closed and every task
    /// it started (connecting, keep-alives, timers) has ended. A keep-alive that starts on a
    /// connection the shutdown has just closed never ends: its query is written to the closed
    /// channel with no promise to fail, so the query's own promise is never completed. A server
    /// that stops must not hang on it: after the limit this warns and returns; the pool's
    /// connections are closed by then, and its task is left behind.
    func stopPool(_ pool: Task<Void, Never>) async {
        logger.debug("repository: stopping the connection pool")
        pool.cancel()
        if await Self.ends(pool, within: poolStopLimit) {
            logger.debug("repository: the connection pool stopped")
        } else {
            logger.warning(
                "repository: the connection pool did not stop within \(poolStopLimit); going on without it")
        }
    }

    /// Whether `task` ends within `limit`: waits for whichever comes first.
    ///
    /// A task's value cannot be awaited with a deadline (the wait is not cancellable), so two
    /// unstructured tasks race to resume one continuation; the loser's resumption is dropped
    /// and the timer, cancelled as soon as the task ends, resumes nothing.
    static func ends<Success: Sendable>(_ task: Task<Success, Never>, within limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending = Locked<CheckedContinuation<Bool, Never>?>(continuation)
            let resume: @Sendable (Bool) -> Void = { ended in
                pending.withLock { $0.take() }?.resume(returning: ended)
            }
            let timer = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                resume(false)
            }
            Task {
                _ = await task.value
                resume(true)
                timer.cancel()
            }
        }
    }
}
