import Foundation

/// True the first time it is claimed, false after: counts each observer completion once.
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { claimed = true }
        return !claimed
    }
}
