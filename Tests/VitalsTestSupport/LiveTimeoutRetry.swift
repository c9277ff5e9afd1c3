import HummingbirdTesting

/// Runs `attempt` on threads of its own, and once more when it fails with HummingbirdTesting's
/// `readTimeout`.
///
/// `test(.live)` gives each answer 20 s, fixed. In a full parallel test run on CI's two cores,
/// every test's task queues for Swift concurrency's two threads, and a request to an in-process
/// server hops on and off them many times (socket, handler, store, socket): behind tests that
/// compute for seconds between their suspension points, a dashboard page took over 20 s twice
/// in a row though nothing was wrong. So the attempt, and with it the server it starts (its
/// connections' tasks are its children), runs under ``BlockingExecutor``'s preference: on
/// threads the kernel shares fairly with the rest, not queued behind every other test.
///
/// `attempt` must build its server and state afresh each time. A server that never answers
/// still fails: the second timeout is thrown, as is every other error at once.
public func retryingLiveTimeout<Value>(_ attempt: () async throws -> Value) async throws -> Value {
    try await withTaskExecutorPreference(BlockingExecutor.shared) {
        do {
            return try await attempt()
        } catch TestClient.Error.readTimeout {
            return try await attempt()
        }
    }
}
