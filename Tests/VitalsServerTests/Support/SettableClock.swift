import Foundation
import VitalsServer

/// A clock tests move by hand: it reads the same instant until advanced or set.
final class SettableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    /// A clock at an ISO 8601 instant (`2026-03-10T08:00:00Z`).
    convenience init(_ start: String) {
        self.init(ISO8601DateFormatter().date(from: start)!)
    }

    var now: Date {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock(); defer { lock.unlock() }
        current += seconds
    }

    /// Moves the clock to an ISO 8601 instant.
    func set(_ instant: String) {
        let date = ISO8601DateFormatter().date(from: instant)!
        lock.lock(); defer { lock.unlock() }
        current = date
    }

    /// ``ServerConfiguration/testing`` with this clock as the server's.
    var configuration: ServerConfiguration {
        var configuration = ServerConfiguration.testing
        configuration.now = { [self] in now }
        return configuration
    }
}
