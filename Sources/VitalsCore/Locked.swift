import Foundation

/// A value guarded by a lock, for the little shared state a store keeps (cache, listeners).
///
/// `@unchecked Sendable` is sound because every access goes through `withLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
