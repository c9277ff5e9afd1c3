import Foundation
import VitalsCore
import VitalsInsights

/// Adds, edits and deletes the scope's own (local) records for the Records page's forms.
///
/// A scope with a writer shows the forms; one without shows every record read-only and refuses
/// the forms' posts. Both a local store's scope and a server user's have ``LocalRecordWriter``
/// (the server's over its store view of the user, writing as ``VitalsCore/Source/vitalsDashboard``).
/// Implementations refuse to change a record
/// of another source (`VitalsError` `.readOnly`) and validate values before writing
/// (`.invalidValue` naming the field); a refused change leaves the data as it was.
public protocol DashboardRecordWriting: Sendable {
    /// The source local records are written as; records from it are editable.
    var appSource: Source { get }

    /// The record `id`, of any kind and origin (`.notFound` when unknown).
    func record(withID id: UUID) async throws -> any HealthRecord

    /// Validates and saves `record` as a new local record; returns the saved one.
    func add(_ record: any HealthRecord) async throws -> any HealthRecord

    /// Applies `change` to the local record `id`; returns the edited record (under a new id).
    func edit(_ id: UUID, applying change: RecordChange) async throws -> any HealthRecord

    /// Deletes the local record `id`.
    func delete(_ id: UUID) async throws
}
