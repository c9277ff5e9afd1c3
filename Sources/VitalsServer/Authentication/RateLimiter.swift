import Foundation
import Synchronization

/// A token bucket per user: sustained ``rate`` requests a second, bursts of up to ``burst``.
///
/// Each user's bucket starts full, loses one token per request and refills continuously; a
/// request finding less than one token is refused with the whole seconds until one is there
/// (the `Retry-After` the sync client honours). Shared by every request of the server, so its
/// buckets sit behind a lock; at most ``capacity`` users are tracked (then full, idle buckets,
/// which hold nothing worth keeping, are dropped).
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    /// Tokens added per second.
    let rate: Double
    /// The bucket's size: how many requests may come at once after a quiet spell.
    let burst: Double
    private let capacity: Int
    private let now: @Sendable () -> Date
    private let buckets = Mutex<[Int64: Bucket]>([:])

    /// A limiter of `rate` requests a second per user with bursts of `burst`.
    init(rate: Double, burst: Int, capacity: Int = 100_000, now: @escaping @Sendable () -> Date) {
        self.rate = rate
        self.burst = Double(max(1, burst))
        self.capacity = capacity
        self.now = now
    }

    /// Takes a token from `user`'s bucket: `nil` when there was one, else the whole seconds until there is.
    func take(for user: Int64) -> Int? {
        let instant = now()
        return buckets.withLock { buckets in
            var bucket = buckets[user] ?? Bucket(tokens: burst, updated: instant)
            bucket.tokens = min(burst, bucket.tokens + max(0, instant.timeIntervalSince(bucket.updated)) * rate)
            bucket.updated = instant
            guard bucket.tokens >= 1 else {
                buckets[user] = bucket
                return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
            }
            bucket.tokens -= 1
            if buckets[user] == nil, buckets.count >= capacity { prune(&buckets, at: instant) }
            buckets[user] = bucket
            return nil
        }
    }

    /// Drops the buckets that have refilled (forgetting them changes nothing).
    private func prune(_ buckets: inout [Int64: Bucket], at instant: Date) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + instant.timeIntervalSince(bucket.updated) * rate < burst
        }
    }
}
