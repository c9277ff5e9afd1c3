import Foundation
import VitalsCore

/// Remembers the local records whose mirror may be out of date, and which mirrored sample each
/// local record became.
///
/// Records are written to the app's store first, then synced to HealthKit: the local store is the
/// source of truth; a record waits here from just before its local change until its mirror
/// matches it, so neither a failed mirror write nor a crash loses a change
/// (``MirroredRecordEditor/retryPending()``).
public protocol MirrorOutbox: Sendable {
    /// Adds a local record to bring the mirror in line with, after those already waiting.
    func enqueue(_ localUUID: UUID) async throws

    /// The records waiting, oldest first.
    func pending() async throws -> [MirrorWrite]

    /// Removes the waiting entry `id`: the mirror matches its record.
    func complete(_ id: Int64) async throws

    /// Notes a failed attempt at the waiting entry `id`.
    func recordFailure(of id: Int64, reason: String) async throws

    /// The mirrored sample's UUID of the local record `local`, once mirrored.
    func mirroredUUID(of local: UUID) async throws -> UUID?

    /// Links the local record `local` to its mirrored sample (`nil` forgets the link).
    func link(_ local: UUID, to mirrored: UUID?) async throws
}

/// A local record whose mirror may differ from it: the mirror gets it when it exists locally and
/// is not mirrored yet, and loses it when it is mirrored and no longer exists locally.
public struct MirrorWrite: Sendable, Hashable {
    /// The outbox's id for it.
    public var id: Int64
    /// The local record's UUID.
    public var localUUID: UUID
    /// Failed attempts so far.
    public var attempts: Int
    /// Why the last attempt failed (a message without health values).
    public var lastFailure: String?

    /// Creates an entry.
    public init(id: Int64, localUUID: UUID, attempts: Int = 0, lastFailure: String? = nil) {
        self.id = id
        self.localUUID = localUUID
        self.attempts = attempts
        self.lastFailure = lastFailure
    }
}
