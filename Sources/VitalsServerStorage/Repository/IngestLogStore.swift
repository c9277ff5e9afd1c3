import Foundation

/// The role of a repository that keeps each user's ingest log (`GET /api/me/ingests`) and reads
/// how complete their data looks.
public protocol IngestLogStore: Sendable {
    /// Appends an entry to the user's ingest log in a transaction of its own (for requests that
    /// wrote nothing), first pruning the user's entries received before `cutoff`; returns its id.
    func recordIngest(_ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date) async throws -> Int64
    /// The user's ingest log, newest first: at most `limit` entries, with ids below `before` when given.
    func ingests(of user: ServerUser, limit: Int, before: Int64?) async throws -> [IngestLogEntry]
    /// Per sample type the user has stored or sent: the newest sample's start, the last ingest
    /// that carried the type, and which of the days `dayStarts[i] ..< dayStarts[i + 1]` have a
    /// sample starting in them. Index lookups per type, never a scan of the user's samples.
    func sampleCoverage(of user: ServerUser, dayStarts: [Date]) async throws -> [IngestCompleteness.Coverage]
}

extension IngestLogStore where Self: HealthWriteStore {
    /// Runs ``HealthWriteTransaction/record(_:keepingSince:)`` in ``HealthWriteStore/writeTransaction(for:_:)``.
    public func recordIngest(
        _ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date
    ) async throws
        -> Int64
    {
        try await writeTransaction(for: user) { store in try await store.record(entry, keepingSince: cutoff) }
    }
}
