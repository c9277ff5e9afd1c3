import Foundation
import VitalsCore
import VitalsDashboard
import VitalsServerStorage
import VitalsStore

/// One server user's samples seen as a store that writes as the dashboard, for VitalsInsights'
/// ``RecordEditor`` (so the server's record forms validate exactly as the local ones do).
///
/// Reads go to ``ServerHealthReader`` (every type readable); writes to the repository as one
/// ``SampleReplacement`` each, which only ever deletes the user's own samples of
/// ``VitalsCore/Source/vitalsDashboard``. A food (a meal with macros) is stored as
/// ``StoredFood`` describes. Nothing here logs a value.
struct ServerRecordStore: HealthStore {
    let repository: any HealthWriteStore & HealthRecordReader
    let user: ServerUser
    /// The clock snapshots and quest completions are stamped with.
    let now: @Sendable () -> Date

    private var reader: ServerHealthReader { ServerHealthReader(repository: repository, user: user) }

    var appSource: Source { .vitalsDashboard }
    var calendar: Calendar { user.calendar }
    var isAvailable: Bool { true }

    func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>
    {
        try await reader.samples(of: type, matching: predicate, limit: limit)
    }

    func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try await reader.statistics(query)
    }

    func sources(for type: SampleType?) async throws -> [Source] {
        try await reader.sources(for: type)
    }

    /// Every type reads (a server user's data is theirs); only the dashboard's own records are written.
    func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus {
        .sharingAuthorized
    }

    func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws {}

    /// Saves new samples of the dashboard, all or none; a UUID stored already fails the save (`.duplicate`).
    func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary {
        var rows: [StoredSample] = []
        for sample in samples { rows += try Self.rows(of: sample) }
        let outcome = try await repository.apply(
            SampleReplacement(sourceName: appSource.name, adding: rows),
            for: user, at: now())
        return SaveSummary(added: outcome.added, saved: samples)
    }

    /// Deletes the dashboard's samples `uuids` (a food with its members); `.notFound` for any other.
    func delete(_ uuids: [UUID]) async throws -> Int {
        try await repository.apply(
            SampleReplacement(sourceName: appSource.name, removing: uuids),
            for: user, at: now()
        ).removed.count
    }

    /// Deletes the dashboard's sample `uuid` and saves `replacement` in one transaction.
    func replace(_ uuid: UUID, with replacement: Sample) async throws {
        let rows = try Self.rows(of: replacement)
        _ = try await repository.apply(
            SampleReplacement(sourceName: appSource.name, removing: [uuid], adding: rows),
            for: user, at: now())
    }

    /// The user's sample `uuid`; a food's UUID finds the food with its members.
    func sample(withUUID uuid: UUID) async throws -> Sample? {
        guard let row = try await repository.sample(of: user, uuid: uuid) else { return nil }
        guard StoredFood.isHead(row) else { return row.sample }
        let window = StoredFood.membersWindow(of: row)
        var macros: [StoredSample] = []
        for type in StoredFood.memberTypes.dropFirst() {
            let rows = try await repository.samples(
                of: user, type: type,
                startingBefore: Date(timeIntervalSince1970: window.startBefore),
                endingFrom: nil)
            macros += StoredFood.macros(
                of: row, among: rows.filter { $0.start.timeIntervalSince1970 >= window.startFrom })
        }
        return StoredFood.correlation(head: row, macros: macros)
    }

    func setSourcePriority(_ sources: [String], for type: SampleType) async throws { throw Self.unsupported }

    func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet {
        throw Self.unsupported
    }

    func changeNotifications() -> AsyncStream<Set<SampleType>> { AsyncStream { $0.finish() } }

    /// The rows the server keeps of `sample`, validated as a local store validates it; only the
    /// dashboard's own samples are written.
    private static func rows(of sample: Sample) throws -> [StoredSample] {
        let sample = try sample.validated()
        guard sample.source.name == Source.vitalsDashboard.name else {
            throw VitalsError(
                .readOnly, "only the dashboard's own records are written here", at: InputLocation(field: "uuid"))
        }
        if sample.type == .food {
            guard let rows = StoredFood.rows(of: sample) else {
                throw VitalsError(
                    .invalidInput, "a meal needs exactly one energy value", at: InputLocation(field: "value"))
            }
            return rows
        }
        guard let row = StoredSample(sample) else {
            throw VitalsError(
                .unknownType, "the server cannot store a \(sample.type.shortName) sample",
                at: InputLocation(field: "kind"))
        }
        return [row]
    }

    private static var unsupported: VitalsError {
        VitalsError(.readOnly, "a server user's records have no source priorities or change feed here")
    }
}
