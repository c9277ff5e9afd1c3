import Foundation
import VitalsCore

/// Writes the app's records to its own store first, then mirrors each change to HealthKit.
///
/// The local store is the source of truth. A change is validated and committed there by a
/// ``RecordEditor``; the record was put in the ``MirrorOutbox`` just before, and once the local
/// write is done the mirror (a HealthKit-backed store) is brought in line: a record that exists
/// locally is saved there, one that no longer does is deleted there. When the mirror write fails
/// (HealthKit unavailable, sharing not allowed, a failing write) the local change stands, the
/// result carries the failure, and the record stays in the outbox for ``retryPending()`` (call
/// it at launch, when the app becomes active, or after the user grants access). Since entries
/// only say which record to bring in line, a crash at any point loses no change. Mirrored samples
/// carry `HKMetadataKeySyncIdentifier` (the local UUID) and `HKMetadataKeySyncVersion`, so
/// HealthKit replaces rather than duplicates a sample mirrored twice, and a record read back from
/// the mirror knows the local record it copies (``HealthRecord/mirrorOf``), which ``UnifiedQuery``
/// lists in its place.
public struct MirroredRecordEditor: Sendable {
    /// The app's own store: the source of truth.
    public let local: any HealthStore
    /// Where changes are mirrored (HealthKit on Apple platforms).
    public let mirror: any HealthStore
    /// The records waiting for the mirror, and the links to their mirrored samples.
    public let outbox: any MirrorOutbox

    /// Creates an editor writing to `local` and mirroring to `mirror`.
    public init(local: any HealthStore, mirror: any HealthStore, outbox: any MirrorOutbox) {
        self.local = local
        self.mirror = mirror
        self.outbox = outbox
    }

    /// Validates `record`, saves it locally, then mirrors it.
    public func add<Record: HealthRecord>(_ record: Record) async throws -> Mirrored<Record> {
        try await outbox.enqueue(record.id)
        let saved = try await RecordEditor(store: local).add(record)
        return Mirrored(saved, mirrorFailure: try await bringInLine([record.id]))
    }

    /// Applies `change` to the app's record `id` locally, then replaces its mirrored sample.
    public func edit(_ id: UUID, applying change: RecordChange) async throws -> Mirrored<any HealthRecord> {
        let newID = UUID()
        try await outbox.enqueue(id)
        try await outbox.enqueue(newID)
        let edited = try await RecordEditor(store: local).edit(id, applying: change, newID: newID)
        return Mirrored(edited, mirrorFailure: try await bringInLine([id, newID]))
    }

    /// Deletes the app's record `id` locally, then its mirrored sample.
    public func delete(_ id: UUID) async throws -> Mirrored<UUID> {
        try await outbox.enqueue(id)
        try await RecordEditor(store: local).delete(id)
        return Mirrored(id, mirrorFailure: try await bringInLine([id]))
    }

    /// Brings the mirror in line with every waiting record, oldest first; those that fail stay waiting.
    public func retryPending() async throws -> MirrorReport {
        var report = MirrorReport()
        for entry in try await outbox.pending() {
            do {
                try await reconcile(entry.localUUID)
                try await outbox.complete(entry.id)
                report.mirrored += 1
            } catch {
                let failure = Self.failure(error)
                try await outbox.recordFailure(of: entry.id, reason: failure.message)
                report.failures.append(MirrorReport.Failure(localUUID: entry.localUUID, error: failure))
            }
        }
        return report
    }

    /// Runs the waiting entries; the first failure among `uuids`' entries, if any.
    private func bringInLine(_ uuids: Set<UUID>) async throws -> VitalsError? {
        try await retryPending().failures.first { uuids.contains($0.localUUID) }?.error
    }

    /// Saves `uuid` to the mirror when it is the app's own record and not mirrored; deletes its
    /// mirrored sample when it no longer exists locally. Other sources' records are never mirrored.
    private func reconcile(_ uuid: UUID) async throws {
        let mirrored = try await outbox.mirroredUUID(of: uuid)
        guard let sample = try await local.sample(withUUID: uuid),
            RecordOrigin(source: sample.source, app: local.appSource) == .local
        else {
            guard let mirrored else { return }
            _ = try await mirror.delete([mirrored])
            try await outbox.link(uuid, to: nil)
            return
        }
        guard mirrored == nil else { return }
        var copy = sample
        copy.metadata[Sample.syncIdentifierKey] = .string(uuid.uuidString)
        copy.metadata[Sample.syncVersionKey] = .number(1)
        let summary = try await mirror.save([copy], duplicates: .skip)
        try await outbox.link(uuid, to: summary.saved.first?.uuid ?? uuid)
    }

    /// A mirror failure as a `VitalsError` whose message holds no health values.
    private static func failure(_ error: any Error) -> VitalsError {
        if let error = error as? VitalsError { return error }
        return VitalsError(.database, "the mirror write failed", underlying: SendableDescription(error))
    }
}
