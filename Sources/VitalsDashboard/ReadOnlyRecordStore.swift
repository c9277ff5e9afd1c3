import Foundation
import VitalsCore

/// A reader seen as a store that cannot write, so the record queries read a server user too.
///
/// The record queries take a ``HealthStore`` for its `appSource` (what is local) and its read
/// authorization; a server user's reader has neither, so every type reads as allowed and the
/// app source is the dashboard's own (``VitalsCore/Source/vitalsDashboard``), which a reader's
/// samples only have when the dashboard wrote them (a server user's scope writes through its
/// own ``DashboardRecordWriting``). Every write throws `.readOnly` and changes nothing.
struct ReadOnlyRecordStore: HealthStore {
    /// The reader every read goes to.
    let reader: any HealthReader
    let calendar: Calendar
    let appSource: Source

    init(reader: any HealthReader, calendar: Calendar, appSource: Source = .vitalsDashboard) {
        self.reader = reader
        self.calendar = calendar
        self.appSource = appSource
    }

    var isAvailable: Bool { true }

    func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws -> QueryResult<[Sample]> {
        try await reader.samples(of: type, matching: predicate, limit: limit)
    }

    func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try await reader.statistics(query)
    }

    func sources(for type: SampleType?) async throws -> [Source] {
        try await reader.sources(for: type)
    }

    func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus {
        access == .read ? .sharingAuthorized : .sharingDenied
    }

    func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws {}

    func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary { throw Self.refusal }

    func delete(_ uuids: [UUID]) async throws -> Int { throw Self.refusal }

    func replace(_ uuid: UUID, with replacement: Sample) async throws { throw Self.refusal }

    func sample(withUUID uuid: UUID) async throws -> Sample? { nil }

    func setSourcePriority(_ sources: [String], for type: SampleType) async throws { throw Self.refusal }

    func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet { throw Self.refusal }

    func changeNotifications() -> AsyncStream<Set<SampleType>> { AsyncStream { $0.finish() } }

    private static var refusal: VitalsError {
        VitalsError(.readOnly, "this dashboard shows records read-only; it has no store to write to")
    }
}
