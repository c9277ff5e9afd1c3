import HummingbirdTesting

/// Runs `attempt`, and once more when it fails with HummingbirdTesting's `readTimeout`.
///
/// `test(.live)` gives each answer 20 s, fixed. With the whole suite running in parallel on
/// CI's two cores (a browser, schemathesis and the fuzz replays among it) a dashboard page once
/// took longer and its test failed though nothing was wrong. `attempt` must build its server
/// and state afresh each time. A server that never answers still fails: the second timeout is
/// thrown, as is every other error at once. Before the retry, with `dumpingThreads`, the test
/// process's threads are printed (``ThreadDump``): what held the server up, if a thread did.
public func retryingLiveTimeout<Value>(
    dumpingThreads: Bool = true, _ attempt: () async throws -> Value
) async throws -> Value {
    do {
        return try await attempt()
    } catch TestClient.Error.readTimeout {
        if dumpingThreads { await ThreadDump.print("a live test got no answer in time (readTimeout); it runs again") }
        return try await attempt()
    }
}
