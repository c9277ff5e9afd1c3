import Foundation
import Logging
import VitalsCore

/// A `HealthQuery` for one record kind that also says what it could not read.
///
/// ``records(from:to:store:)`` returns every source's records starting in `[from, to)` and
/// lists the types the user did not allow reading; the non-throwing ``fetch(from:to:store:)``
/// returns what it can, an empty list when the store is unavailable or failing, and logs the
/// failure (``fetch(from:to:store:logger:)``).
public protocol RecordQuery: HealthQuery where Record: HealthRecord {
    /// The records starting in `[from, to)`, oldest first, with the types that could not be read.
    func records(from: Date, to: Date, store: any HealthStore) async throws -> QueryResult<[Record]>
}

extension RecordQuery {
    /// Samples starting in `[from, to)`, from every source (half-open, as every Vitals range).
    public func predicate(from: Date, to: Date) -> SamplePredicate {
        SamplePredicate(start: from, end: to, options: .strictStartDate)
    }

    public func fetch(from: Date, to: Date, store: any HealthStore) async -> [Record] {
        await fetch(from: from, to: to, store: store, logger: QueryFailureLog.logger)
    }

    /// The records in `[from, to)`; a failure is logged to `logger` and answered with no records.
    public func fetch(from: Date, to: Date, store: any HealthStore, logger: Logger) async -> [Record] {
        guard store.isAvailable else { return [] }
        return await QueryFailureLog.recovering(Self.self, logger: logger) {
            try await records(from: from, to: to, store: store).value
        }
    }
}

/// Body-mass records.
public struct WeightQuery: RecordQuery {
    public typealias Record = WeightRecord

    /// Creates the query.
    public init() {}

    public func records(from: Date, to: Date, store: any HealthStore) async throws -> QueryResult<[WeightRecord]> {
        guard store.isAvailable else { return QueryResult([]) }
        let result = try await store.samples(of: .bodyMass, matching: predicate(from: from, to: to))
        return QueryResult(
            result.value.compactMap { WeightRecord(sample: $0, app: store.appSource) },
            staleBecause: result.staleBecause, unreadableTypes: result.unreadableTypes)
    }
}

/// Resting-energy records.
public struct RestingQuery: RecordQuery {
    public typealias Record = RestingEnergyRecord

    /// Creates the query.
    public init() {}

    public func records(from: Date, to: Date, store: any HealthStore) async throws -> QueryResult<[RestingEnergyRecord]>
    {
        guard store.isAvailable else { return QueryResult([]) }
        let result = try await store.samples(of: .basalEnergyBurned, matching: predicate(from: from, to: to))
        return QueryResult(
            result.value.compactMap { RestingEnergyRecord(sample: $0, app: store.appSource) },
            staleBecause: result.staleBecause, unreadableTypes: result.unreadableTypes)
    }
}
