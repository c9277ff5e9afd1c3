import Foundation

/// Remembers which store samples an app has already turned into its own records, so none is ingested twice.
///
/// Keyed by the sample's UUID (HealthKit's identity) and a kind such as `workout` or `meal`,
/// so the same sample can feed different consumers once each. Entries persist across runs and
/// outlive the sample: a sample deleted and imported again under the same UUID is not new.
public protocol IngestionLedger: Sendable {
    /// Of `uuids`, those already recorded under `kind`.
    func ingestedUUIDs(among uuids: [UUID], kind: String) async throws -> Set<UUID>

    /// Records `entries` in one transaction and returns the sample UUIDs that were new;
    /// entries already recorded (by another run or process) are left as they were.
    func recordIngestion(_ entries: [IngestionEntry]) async throws -> Set<UUID>
}

/// One ingested sample: what it became and when.
public struct IngestionEntry: Sendable, Hashable {
    /// The store sample's UUID (HealthKit's UUID for samples that came from HealthKit).
    public var sampleUUID: UUID
    /// What the sample was ingested as (`workout`, `meal`).
    public var kind: String
    /// The app record it became (several samples can become one meal).
    public var recordID: UUID
    /// When it was ingested.
    public var ingestedAt: Date

    /// Creates an entry.
    public init(sampleUUID: UUID, kind: String, recordID: UUID, ingestedAt: Date) {
        self.sampleUUID = sampleUUID
        self.kind = kind
        self.recordID = recordID
        self.ingestedAt = ingestedAt
    }
}
