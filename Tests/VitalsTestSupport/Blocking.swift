import Foundation

/// Runs blocking work (a child process, a raw socket, a sleep) on a thread of its own, off the
/// threads Swift concurrency runs tasks on.
///
/// On Linux those are as many as the cores (two here), and `DispatchQueue.global()` shares
/// them: a task group of eight children each blocked 2 s ran a ninth, trivial child after 8 s,
/// and after 3 s when the eight blocked on `DispatchQueue.global()`; on threads of their own,
/// at once. In a full parallel test run, tests blocking those threads held up every other test
/// (a test of pure arithmetic "took" 59 s) and the in-process servers' timers. The body runs
/// under ``BlockingExecutor``'s preference in the calling task, so its `#expect`s count.
public func blocking<T: Sendable>(_ body: () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(BlockingExecutor.shared) {
        try body()
    }
}
