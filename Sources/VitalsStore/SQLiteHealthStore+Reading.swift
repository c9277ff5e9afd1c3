public import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    public func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>
    {
        if let limit, limit <= 0 { return QueryResult([]) }
        let key = QueryCache.Key.samples(type, predicate, limit)
        let generation = cache.generation(of: type)
        do {
            guard try await mayRead(type) else {
                return QueryResult([], unreadableTypes: [type])
            }
            if let cached = cache.fresh(key, as: [Sample].self) { return QueryResult(cached) }
            let result = try await read { db in
                try SampleReader(db).samples(of: type, matching: predicate, limit: limit)
            }
            if result.count <= Self.largestCachedSampleList { cache.store(result, for: key, generation: generation) }
            return QueryResult(result)
        } catch let error as VitalsError {
            guard error.code == .database, let stale = cache.any(key, as: [Sample].self) else { throw error }
            return QueryResult(stale, staleBecause: error)
        }
    }

    /// Sample lists longer than this are not cached (they would crowd memory).
    static let largestCachedSampleList = 10_000

    /// The sample with this UUID, if stored and readable.
    public func sample(withUUID uuid: UUID) async throws -> Sample? {
        let found = try await read { db in try SampleReader(db).sample(uuid: uuid) }
        guard let found, try await mayRead(found.type) else { return nil }
        return found
    }

    /// Each stored, readable type with its sample count and first and last start.
    public func typeSummaries() async throws -> [TypeSummary] {
        var readable: [TypeSummary] = []
        for summary in try await allTypeSummaries() where try await mayRead(summary.type) { readable.append(summary) }
        return readable
    }

    private func allTypeSummaries() async throws -> [TypeSummary] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.identifier, COUNT(s.id), MIN(s.start), MAX(s."end") FROM types t
                    JOIN samples s ON s.type_id = t.id GROUP BY t.id ORDER BY t.identifier
                    """
            ).map { row in
                TypeSummary(
                    type: SampleType(identifier: row[0]), count: row[1],
                    first: Date(timeIntervalSince1970: row[2]), last: Date(timeIntervalSince1970: row[3]))
            }
        }
    }
}
