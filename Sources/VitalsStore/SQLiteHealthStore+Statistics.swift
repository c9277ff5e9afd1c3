import Foundation
import GRDB
import VitalsCore

extension SQLiteHealthStore {
    public func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try query.validate()
        let key = QueryCache.Key.statistics(query)
        let generation = cache.generation(of: query.type)
        do {
            guard try await mayRead(query.type) else {
                let empty = StatisticsEngine.buckets(for: query).map { Statistics(range: $0, unit: query.type.canonicalUnit) }
                return QueryResult(empty, unreadableTypes: [query.type])
            }
            if let cached = cache.fresh(key, as: [Statistics].self) { return QueryResult(cached) }
            let result = try await computeStatistics(query)
            cache.store(result, for: key, generation: generation)
            return QueryResult(result)
        } catch let error as VitalsError {
            guard error.code == .database, let stale = cache.any(key, as: [Statistics].self) else { throw error }
            return QueryResult(stale, staleBecause: error)
        }
    }
}

/// Loads the points a statistics query needs with one index range scan, then lets Core compute.
struct StatisticsLoader {
    let db: Database

    init(_ db: Database) { self.db = db }

    func statistics(_ query: StatisticsQuery) throws -> [Statistics] {
        try compute(query, parts: false).statistics
    }

    /// The engine's statistics of `query` and, with `parts` for a discrete quantity type, each
    /// bucket's ``DiscreteParts`` (sources keyed by their row id); otherwise no parts.
    func compute(_ query: StatisticsQuery, parts: Bool) throws -> (statistics: [Statistics], parts: [DiscreteParts]) {
        let catalog = SourceCatalog(db)
        let everySource = try catalog.all()
        let allowed = Set(try catalog.ids(matching: query.sources) ?? everySource.map(\.id))
        let ordered = try catalog.prioritized(for: query.type, among: everySource.filter { allowed.contains($0.id) })
        var indexByID: [Int64: Int32] = [:]
        for (index, entry) in ordered.enumerated() { indexByID[entry.id] = Int32(index) }
        let points = try loadPoints(query, sourceIndex: indexByID)
        let statistics = try StatisticsEngine.compute(query, points: points, sources: ordered.map(\.ranked.source),
                                                      priority: Array(ordered.indices))
        guard parts else { return (statistics, []) }
        return (statistics, try StatisticsEngine.discreteParts(query, points: points, sourceKeys: ordered.map(\.id)))
    }

    /// Start, end, value and source index of every sample that can touch the query range, by start.
    func loadPoints(_ query: StatisticsQuery, sourceIndex: [Int64: Int32]) throws -> [StatisticsPoint] {
        guard let typeRow = try Row.fetchOne(db, sql: "SELECT id, max_duration FROM types WHERE identifier = ?",
                                             arguments: [query.type.identifier]) else { return [] }
        let typeID: Int64 = typeRow[0]
        let maxDuration: Double = typeRow[1]
        let lower = query.range.start.timeIntervalSince1970
        let upper = query.range.end.timeIntervalSince1970
        let statement = try db.cachedStatement(sql: """
            SELECT start, "end", value, source_id FROM samples
            WHERE type_id = ? AND start >= ? AND start < ? AND "end" >= ? ORDER BY start
            """)
        statement.arguments = [typeID, lower - maxDuration - SampleReader.slack, upper, lower - SampleReader.slack]
        let values = query.type.kind == .category ? query.effectiveCategoryValues : nil
        var points: [StatisticsPoint] = []
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            guard let index = sourceIndex[row[3]] else { continue }
            let value: Double = row[2] ?? 0
            if let values, !values.contains(Int(value)) { continue }
            points.append(StatisticsPoint(start: row[0], end: row[1], value: value, source: index))
        }
        return points
    }
}
