import Foundation

/// How the sync client retries a failed request: exponential backoff with jitter, a bound.
///
/// Retried: no answer at all (connection refused, timeout), `408`, `429` and `5xx`. A `429`
/// waits its `Retry-After` (seconds) instead of the backoff. Other `4xx` are final: the same
/// request would fail the same way.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; at least 1. Default 5.
    public var maximumAttempts = 5
    /// The wait before the first retry. Default 1 s.
    public var baseDelay: Duration = .seconds(1)
    /// How much each wait grows over the previous one. Default 2.
    public var factor = 2.0
    /// The longest backoff wait. Default 60 s.
    public var maximumDelay: Duration = .seconds(60)
    /// How far each wait is randomised, as a fraction: 0.2 turns 4 s into 3.2-4.8 s (never past
    /// `maximumDelay`). Spreads out clients that failed together. Default 0.2.
    public var jitter = 0.2
    /// The longest `Retry-After` honoured; a server asking for more makes the sync give up
    /// rather than hang. Default 300 s.
    public var maximumRetryAfter: Duration = .seconds(300)

    /// The defaults.
    public init() {}

    /// The backoff wait after failed attempt `attempt` (1-based), for a `random` number in `0..<1`.
    ///
    /// `baseDelay × factor^(attempt−1)`, randomised by ±`jitter`, at most `maximumDelay`.
    public func delay(afterAttempt attempt: Int, random: Double) -> Duration {
        let base = Self.seconds(baseDelay)
        let nominal = base * pow(max(1, factor), Double(max(0, attempt - 1)))
        let spread = min(max(jitter, 0), 1)
        let jittered = nominal * (1 - spread + 2 * spread * min(max(random, 0), 1))
        let capped = min(jittered, Self.seconds(maximumDelay))
        return .milliseconds(Int64((max(0, capped) * 1000).rounded()))
    }

    /// Whether an answer with `status` is worth another attempt.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// A `Retry-After` value in seconds (the HTTP-date form is not used by Vitals servers).
    public static func retryAfter(_ header: String?) -> Duration? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), let seconds = Int(text), seconds >= 0 else {
            return nil
        }
        return .seconds(seconds)
    }

    /// A duration in seconds, as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
