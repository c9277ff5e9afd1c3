import Foundation
import Synchronization
import VitalsCore

/// A clock tests move by hand: it reads the same instant until advanced or set.
///
/// Hand `{ clock.now }` wherever the code under test takes a `now` closure (a store's
/// configuration, the server's, a sync client's).
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// A clock at `start`.
    public init(_ start: Date) { current = Mutex(start) }

    /// A clock at an ISO 8601 instant (`2026-03-10T08:00:00Z`).
    public convenience init(_ start: String) { self.init(Self.instant(start)) }

    /// The instant it reads.
    public var now: Date { current.withLock { $0 } }

    /// Moves it on by `seconds`.
    public func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }

    /// Moves it on by `days` of 86,400 seconds.
    public func advance(days: Int) { advance(Double(days) * 86_400) }

    /// Moves it to `date`.
    public func set(_ date: Date) { current.withLock { $0 = date } }

    /// Moves it to an ISO 8601 instant.
    public func set(_ instant: String) { set(Self.instant(instant)) }

    private static func instant(_ text: String) -> Date {
        guard let date = ISO8601.parse(text) else { preconditionFailure("not an ISO 8601 instant: \(text)") }
        return date
    }
}

/// A clock that moves on by a fixed step at each reading, so every reading is a new instant.
public final class SteppingClock: Sendable {
    private let readings = Mutex(0)
    /// The instant before the first reading.
    public let start: Date
    /// Seconds between readings.
    public let step: TimeInterval

    /// A clock whose first reading is `start + step`.
    public init(from start: Date, step: TimeInterval = 1) {
        self.start = start
        self.step = step
    }

    /// The next reading.
    public func next() -> Date {
        let count = readings.withLock { value in
            value += 1
            return value
        }
        return start.addingTimeInterval(Double(count) * step)
    }
}
