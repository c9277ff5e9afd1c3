import Foundation

/// Waits for the sync client: debounce windows, backoff between attempts, watch-mode timers.
///
/// Injected so tests control time instead of waiting for it. Each wait says why it happens.
public protocol SyncSleeper: Sendable {
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration, reason: SyncWait) async throws
}

/// Why the sync client waits.
public enum SyncWait: Sendable, Hashable, CustomStringConvertible {
    /// The debounce window that coalesces sync requests.
    case debounce
    /// Backoff after failed attempt `attempt` (1-based), before the next one.
    case backoff(attempt: Int)
    /// The server's `Retry-After` after attempt `attempt` was answered 429.
    case retryAfter(attempt: Int)
    /// Watch mode's periodic sync timer.
    case interval
    /// Watch mode's check for changes other processes made to the store.
    case storePoll
    /// The pause after the permission request, before the authorization state is read again.
    case authorizationSettle

    public var description: String {
        switch self {
        case .debounce: "debounce"
        case .backoff(let attempt): "backoff after attempt \(attempt)"
        case .retryAfter(let attempt): "Retry-After after attempt \(attempt)"
        case .interval: "interval"
        case .storePoll: "store poll"
        case .authorizationSettle: "authorization settle"
        }
    }
}

/// Real waiting, on the continuous clock.
public struct ContinuousSleeper: SyncSleeper {
    public init() {}

    public func sleep(for duration: Duration, reason: SyncWait) async throws {
        try await Task.sleep(for: duration)
    }
}
