import Foundation
import Synchronization
import VitalsServerStorage

/// Recently verified tokens, so a busy client does not cost a database read per request.
///
/// Only tokens the database confirmed are kept (an unknown token is looked up every time), for
/// ``lifetime`` seconds: a rotated token (`vitals user token`) stops working within that time.
/// A token past its expiry is refused at once, cached or not.
final class TokenCache: Sendable {
    private struct Entry {
        let user: ServerUser
        let expires: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let lifetime: TimeInterval
    private let capacity: Int
    private let now: @Sendable () -> Date

    init(lifetime: TimeInterval, capacity: Int = 10_000, now: @escaping @Sendable () -> Date = { Date() }) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// The user of a token hash, if verified less than ``lifetime`` ago.
    func user(forHash hash: String) -> ServerUser? {
        guard lifetime > 0 else { return nil }
        let instant = now()
        return entries.withLock { entries in
            guard let entry = entries[hash] else { return nil }
            guard entry.expires > instant else {
                entries[hash] = nil
                return nil
            }
            return entry.user
        }
    }

    /// The user whose token has `hash`, if the token still works (not past the user's
    /// ``ServerUser/tokenExpiresAt``): from the cache, else from `repository` (then remembered).
    func verifiedUser(forHash hash: String, in repository: any UserAccountStore) async throws -> ServerUser? {
        var user = self.user(forHash: hash)
        if user == nil {
            user = try await repository.user(tokenHash: hash)
            if let user { store(user, forHash: hash) }
        }
        guard let user, user.tokenIsValid(at: now()) else { return nil }
        return user
    }

    /// Remembers a verified token hash.
    func store(_ user: ServerUser, forHash hash: String) {
        guard lifetime > 0 else { return }
        let expires = now().addingTimeInterval(lifetime)
        entries.withLock { entries in
            // Bounded: when full, start over rather than grow (entries are cheap to look up again).
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[hash] = Entry(user: user, expires: expires)
        }
    }
}
