import Foundation

/// Which stored samples a query selects by time: those starting in `[startFrom, startBefore)`
/// and ending at or after `endFrom` (seconds since 1970; infinite bounds leave a side open).
///
/// Repositories turn a window into their `WHERE` clause and nothing else, so a rule such as
/// the day recomputation's week look-back (``DayRecompute/window``) is written once, here in
/// Swift, and ``contains(start:end:)`` selects exactly what the query would.
public struct SampleWindow: Sendable, Hashable {
    public var startFrom: Double
    public var startBefore: Double
    public var endFrom: Double

    public init(startFrom: Double = -.infinity, startBefore: Double = .infinity, endFrom: Double = -.infinity) {
        self.startFrom = startFrom
        self.startBefore = startBefore
        self.endFrom = endFrom
    }

    /// Samples that start before `end` and end at or after `start` (`nil`: open on that side).
    public init(startingBefore end: Date?, endingFrom start: Date?) {
        self.init(
            startBefore: end?.timeIntervalSince1970 ?? .infinity, endFrom: start?.timeIntervalSince1970 ?? -.infinity)
    }

    /// Whether a sample over `[start, end]` (seconds since 1970) is selected.
    public func contains(start: Double, end: Double) -> Bool {
        start >= startFrom && start < startBefore && end >= endFrom
    }
}
