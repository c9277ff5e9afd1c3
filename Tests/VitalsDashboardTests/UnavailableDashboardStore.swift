import Foundation
import VitalsCore
import VitalsStore

/// A health store on a device without health data (HealthKit's `isHealthDataAvailable() == false`):
/// every call fails, as an app sees it there. The one state a SQLite store cannot be put in.
struct UnavailableDashboardStore: HealthStore, ActivityReader {
    var appSource: Source { Source(name: "Vitals", bundleIdentifier: "org.vitals.app") }
    var calendar: Calendar { Calendar.gregorian(in: TimeZone(identifier: "UTC")!) }
    var isAvailable: Bool { false }

    private var unavailable: VitalsError { VitalsError(.unavailable, "health data is not available on this device") }

    func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus { throw unavailable }
    func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws { throw unavailable }
    func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary { throw unavailable }
    func delete(_ uuids: [UUID]) async throws -> Int { throw unavailable }
    func replace(_ uuid: UUID, with replacement: Sample) async throws { throw unavailable }
    func sample(withUUID uuid: UUID) async throws -> Sample? { throw unavailable }
    func samples(of type: SampleType, matching predicate: SamplePredicate, limit: Int?) async throws
        -> QueryResult<[Sample]> { throw unavailable }
    func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> { throw unavailable }
    func sources(for type: SampleType?) async throws -> [Source] { throw unavailable }
    func setSourcePriority(_ sources: [String], for type: SampleType) async throws { throw unavailable }
    func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet { throw unavailable }
    func changeNotifications() -> AsyncStream<Set<SampleType>> { AsyncStream { $0.finish() } }
    func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] { throw unavailable }
    func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary] { throw unavailable }
}
