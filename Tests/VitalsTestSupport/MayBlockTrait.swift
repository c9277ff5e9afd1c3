import Testing

/// Runs a test (or every test of a suite) on ``BlockingExecutor``'s threads.
///
/// For tests whose synchronous code blocks: chromedriver calls, child processes waited for, raw
/// sockets, polling with `usleep`. Swift Testing runs every test on Swift concurrency's few
/// threads; two such tests at once would hold them all, and every async test in the process
/// (in-process servers among them) would wait. Child tasks run on these threads too.
public struct MayBlockTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await BlockingExecutor.$preferred.withValue(true) {
            try await withTaskExecutorPreference(BlockingExecutor.shared) {
                try await function()
            }
        }
    }
}

extension Trait where Self == MayBlockTrait {
    /// The test blocks threads (see ``MayBlockTrait``): it runs on threads of its own.
    public static var mayBlock: Self { MayBlockTrait() }
}
