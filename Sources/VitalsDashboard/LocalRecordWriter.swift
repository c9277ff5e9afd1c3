import Foundation
import VitalsCore
import VitalsInsights

/// The Records page's writer over a store's own records: VitalsInsights' ``RecordEditor``, as `vitals edit` uses it.
///
/// "Local" records are the store's `appSource`'s: for `vitals dashboard` the local store's app,
/// for a server user the store view VitalsServer gives of them (`ServerRecordStore`, whose
/// records are saved as ``VitalsCore/Source/vitalsDashboard``).
public struct LocalRecordWriter: DashboardRecordWriting {
    /// The store the records live in.
    public let store: any HealthStore

    /// A writer saving into `store` as its `appSource`.
    public init(store: any HealthStore) {
        self.store = store
    }

    public var appSource: Source { store.appSource }

    private var editor: RecordEditor { RecordEditor(store: store) }

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
