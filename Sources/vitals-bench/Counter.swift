import Foundation

/// A thread-safe counter handing out user indices.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0

    func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        current += 1
        return current - 1
    }

    var value: Int {
        lock.lock(); defer { lock.unlock() }
        return current
    }
}
