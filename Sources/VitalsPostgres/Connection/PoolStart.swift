import Synchronization

/// A signal that opens once, when a connection pool's `run()` begins; ``wait()`` returns after.
///
/// PostgresNIO leases no connection before its client's `run()` has begun, and warns when asked
/// to ("Trying to lease connection from `PostgresClient`, but `PostgresClient.run()` hasn't been
/// called yet"): a server's first query, right after its services start, often was. The
/// repository's first query waits for this signal instead. The signal opens just before
/// PostgresNIO's `run()` marks itself running, so a thread preempted between the two can still
/// make it warn, though the pool is running; ``PoolStartLogHandler`` drops that warning.
final class PoolStart: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Opens the signal and resumes everyone waiting for it.
    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Whether ``open()`` has been called.
    var isOpen: Bool { state.withLock { $0.open } }

    /// Returns once ``open()`` has been called: at once if it has.
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }
}
