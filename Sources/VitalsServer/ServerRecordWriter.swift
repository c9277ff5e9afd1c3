import Foundation
import VitalsCore
import VitalsDashboard
import VitalsInsights

/// The Records page's writer for a server user: their own records, written as the dashboard.
///
/// VitalsInsights' ``RecordEditor`` (as the local ``LocalRecordWriter`` uses it) over
/// ``ServerRecordStore``: the same validation and `VitalsError` codes as a local store; records
/// are saved as ``VitalsCore/Source/vitalsDashboard`` and only those can be edited or deleted
/// (others throw `.readOnly`); another user's record is never found (`.notFound`). An edit is
/// one transaction (the old record deleted, the new one stored under a new id), and every
/// change recomputes the days it touches as an ingest does.
public struct ServerRecordWriter: DashboardRecordWriting {
    /// Where the user's samples are.
    public let repository: any HealthRepository
    /// Whose records are written.
    public let user: ServerUser
    /// The clock snapshots and quest completions are stamped with.
    public let now: @Sendable () -> Date

    /// A writer of `user`'s records in `repository`.
    public init(repository: any HealthRepository, user: ServerUser, now: @escaping @Sendable () -> Date = Date.init) {
        self.repository = repository
        self.user = user
        self.now = now
    }

    public var appSource: Source { .vitalsDashboard }

    private var editor: RecordEditor {
        RecordEditor(store: ServerRecordStore(repository: repository, user: user, now: now))
    }

    public func record(withID id: UUID) async throws -> any HealthRecord {
        try await editor.record(withID: id)
    }

    public func add(_ record: any HealthRecord) async throws -> any HealthRecord {
        try await editor.add(record)
    }

    public func edit(_ id: UUID, applying change: RecordChange) async throws -> any HealthRecord {
        try await editor.edit(id, applying: change)
    }

    public func delete(_ id: UUID) async throws {
        try await editor.delete(id)
    }
}
