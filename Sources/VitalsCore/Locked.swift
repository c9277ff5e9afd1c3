import Synchronization

/// A value guarded by a `Mutex`, in a class so it can be shared by reference (a store's cache,
/// its listeners, a pipe's buffer).
///
/// `Mutex` itself cannot be copied, so it cannot live in a struct that is passed around; this
/// is the package's one lock, over the standard library's.
package final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    /// Guards `value`.
    package init(_ value: sending Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock { value throws -> sending Result in try body(&value) }
    }
}
