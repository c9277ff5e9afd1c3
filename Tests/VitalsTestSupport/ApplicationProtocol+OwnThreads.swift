import Hummingbird
import HummingbirdTesting

extension ApplicationProtocol {
    /// HummingbirdTesting's `test(_:_:)`, with the application's tasks on threads of their own.
    ///
    /// Swift Testing runs every test on Swift concurrency's shared threads, as many as the cores
    /// (two on CI). A test that keeps them busy for seconds (parsing a 100 MB body in a debug
    /// build takes 12 s) held up every in-process server of the run, and live tests elsewhere
    /// got no answer within their 20 s. Here the server (its services, its connections, its
    /// handlers) runs under ``BlockingExecutor``'s preference, which the system schedules
    /// preemptively; `test` itself runs on the shared threads as any test does, or on the
    /// executor's when the test is marked ``Trait/mayBlock`` (``BlockingExecutor/preferred``).
    public func testOnOwnThreads<Value: Sendable>(
        _ setup: TestingSetup, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let testExecutor: any TaskExecutor =
            BlockingExecutor.preferred ? BlockingExecutor.shared : globalConcurrentExecutor
        return try await withTaskExecutorPreference(BlockingExecutor.shared) {
            try await self.test(setup) { client in
                try await withTaskExecutorPreference(testExecutor) { try await test(client) }
            }
        }
    }
}
