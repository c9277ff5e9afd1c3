import Foundation
import Logging
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage
import VitalsStore

/// The one write sequence over ``PostgresWriteTransaction``, under the user's write lock.
extension PostgresRepository: HealthWriteStore {
    static let snapshotSelect = SnapshotColumns.select.replacingOccurrences(
        of: "SELECT date,", with: "SELECT date::text,")

    /// The first key of the per-user write locks (the second is the user's id).
    static let userWriteLock: Int32 = 7_310_423

    /// Runs `body` in a transaction that holds the user's write lock, shared with concurrent
    /// writes unless `alone`.
    ///
    /// A write reads the user's stored samples to recompute days and judge quests, then writes
    /// what it found; two at once (on one server's pool, or on two servers) would each miss the
    /// other's samples, and the later commit would leave a day short and a quest never completed.
    /// The lock (a transaction-level advisory lock, released at commit or rollback) makes one
    /// user's writes take turns on every server; other users' writes go on at the same time.
    /// Concurrent writes share one transaction and commit (see ``PostgresWriteBatcher``), and
    /// `body` runs again alone when another write of its batch failed; with `alone` it is never
    /// batched and runs once. This returns once the commit that holds `body`'s writes succeeded.
    public func writeTransaction<T: Sendable>(
        for user: ServerUser, alone: Bool,
        _ body: nonisolated(nonsending) @escaping @Sendable (any HealthWriteTransaction) async throws -> T
    ) async throws -> T {
        try await guarded {
            try await batcher.write(for: user, alone: alone) { connection, users in
                try await body(
                    PostgresWriteTransaction(
                        repository: self, connection: connection, user: user,
                        quests: users.quests(of: user.id)))
            }
        }
    }

    /// Runs ``HealthWrite/apply(for:at:in:)`` in ``writeTransaction(for:_:)``; a snapshot-only
    /// write (``PostgresSnapshotWrite``) may instead be stored with the others of its batch.
    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        guard let shared = PostgresSnapshotWrite(write, for: user, at: date) else {
            return try await writeTransaction(for: user) { store in
                try await write.apply(for: user, at: date, in: store)
            }
        }
        return try await guarded {
            try await batcher.write(shared, for: user) { connection, users in
                let store = PostgresWriteTransaction(
                    repository: self, connection: connection, user: user,
                    quests: users.quests(of: user.id))
                return try await write.apply(for: user, at: date, in: store)
            }
        }
    }

    /// The second key of the user's write lock.
    static func lockKey(of user: ServerUser) -> Int32 {
        lockKey(ofUserID: user.id)
    }

    /// The second key of the write lock of the user `id`.
    static func lockKey(ofUserID id: Int64) -> Int32 {
        Int32(truncatingIfNeeded: id % Int64(Int32.max))
    }
}
