import Foundation
import VitalsCore

/// HealthKit on a device without health data (an iPad: `isHealthDataAvailable() == false`):
/// every call fails as an app sees it there. The one state a SQLite store cannot be put in.
public struct UnavailableHealthStore: HealthStore, ActivityReader {
    public let appSource: Source
    public var calendar: Calendar { Calendar.gregorian(in: TimeZone(identifier: "UTC")!) }
    public var isAvailable: Bool { false }

    /// A store whose app is `appSource`.
    public init(appSource: Source = Source(name: "Vitals", bundleIdentifier: "org.vitals.app")) {
        self.appSource = appSource
    }

    private var unavailable: VitalsError { VitalsError(.unavailable, "health data is not available on this device") }

    public func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus {
        throw unavailable
    }
    public func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws {
        throw unavailable
    }
    public func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary { throw unavailable }
    public func delete(_ uuids: [UUID]) async throws -> Int { throw unavailable }
    public func replace(_ uuid: UUID, with replacement: Sample) async throws { throw unavailable }
    public func sample(withUUID uuid: UUID) async throws -> Sample? { throw unavailable }
    public func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>
    { throw unavailable }
    public func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> { throw unavailable }
    public func sources(for type: SampleType?) async throws -> [Source] { throw unavailable }
    public func setSourcePriority(_ sources: [String], for type: SampleType) async throws { throw unavailable }
    public func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet {
        throw unavailable
    }
    public func changeNotifications() -> AsyncStream<Set<SampleType>> { AsyncStream { $0.finish() } }
    public func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] { throw unavailable }
    public func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary] {
        throw unavailable
    }
    public func typeSummaries() async throws -> [TypeSummary] { throw unavailable }
}
