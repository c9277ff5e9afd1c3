import VitalsServerStorage

/// A page of the ingest log (`GET /api/me/ingests`), newest first.
public struct IngestLogPage: Sendable, Codable {
    public var entries: [IngestLogEntry]
    /// The `before` of the next (older) page; nil on the last page.
    public var nextBefore: Int64?
    /// How long entries are kept, in days.
    public var retentionDays: Int
}
