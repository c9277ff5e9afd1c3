import Foundation

/// The role of a repository that writes a user's health data: the one write sequence
/// (``HealthWrite``) over its ``HealthWriteTransaction``, each write one transaction.
public protocol HealthWriteStore: Sendable {
    /// Runs `body` with the user's write primitives in one transaction: committed once `body`
    /// returns (the call returns after the commit), rolled back entirely when it throws. A
    /// `VitalsError` thrown by `body` comes back unchanged; any other error as a database failure.
    ///
    /// `body` runs on the caller's executor as handed over by the repository (the SQLite
    /// repository runs it on its writer, inside a group-committed transaction), so it should
    /// only await the primitives.
    ///
    /// Writes of concurrent requests may share one transaction (group commit), and `body` may
    /// then run more than once: PostgreSQL runs a batch's writes again, one by one, when one of
    /// them failed. It must only read and write through the transaction. A body that consumes
    /// what it writes as it goes (an export's parser, a request body read chunk by chunk) asks
    /// for a transaction of its own with `alone`: it is never batched, so it runs exactly once.
    func writeTransaction<T: Sendable>(
        for user: ServerUser, alone: Bool,
        _ body: nonisolated(nonsending) @escaping @Sendable (any HealthWriteTransaction) async throws -> T
    ) async throws -> T
    /// Stores samples and workouts (each once), recomputes and upserts snapshots, and completes
    /// the quests the written days now meet, all in one transaction (see ``HealthWrite``).
    ///
    /// The default runs ``HealthWrite/apply(for:at:in:)`` in ``writeTransaction(for:_:)``; a
    /// repository may run that same sequence over its concrete transaction type instead, so the
    /// compiler specializes it (the SQLite repository does: a tenth of a daily upsert's CPU).
    func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult
}

extension HealthWriteStore {
    /// Runs `body` in a transaction that may be shared with other writes, where it may run more
    /// than once (see ``writeTransaction(for:alone:_:)``).
    public func writeTransaction<T: Sendable>(
        for user: ServerUser,
        _ body: nonisolated(nonsending) @escaping @Sendable (any HealthWriteTransaction) async throws -> T
    ) async throws -> T {
        try await writeTransaction(for: user, alone: false, body)
    }

    /// Runs ``HealthWrite/apply(for:at:in:)`` in ``writeTransaction(for:_:)``.
    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        try await writeTransaction(for: user) { store in try await write.apply(for: user, at: date, in: store) }
    }

    /// Runs ``SampleReplacement/apply(for:at:in:)`` in ``writeTransaction(for:_:)``: deletes the
    /// user's samples of one source and stores others in one transaction, keeping the days'
    /// snapshots as an ingest keeps them.
    public func apply(
        _ replacement: SampleReplacement, for user: ServerUser, at date: Date
    ) async throws
        -> SampleReplacement.Outcome
    {
        try await writeTransaction(for: user) { store in try await replacement.apply(for: user, at: date, in: store) }
    }

    /// Deletes the user's sample `uuid` if it comes from the source named `sourceName` (with a
    /// food's members), recomputing its days; throws `.notFound` otherwise, deleting nothing.
    public func deleteSample(_ uuid: UUID, from sourceName: String, of user: ServerUser, at date: Date) async throws {
        _ = try await apply(SampleReplacement(sourceName: sourceName, removing: [uuid]), for: user, at: date)
    }
}
