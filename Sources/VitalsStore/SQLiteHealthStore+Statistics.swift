import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    public func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try query.validate()
        let key = QueryCache.Key.statistics(query)
        let generation = cache.generation(of: query.type)
        do {
            guard try await mayRead(query.type) else {
                let empty = StatisticsEngine.buckets(for: query).map {
                    Statistics(range: $0, unit: query.type.canonicalUnit)
                }
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
    /// The store's own sources (its app's, the dashboard's): with reported totals in a query's
    /// points, they rank above them (``ReportedTotal``).
    let own: Set<Source>

    init(_ db: Database, own: Set<Source> = [.vitalsDashboard]) {
        self.db = db
        self.own = own
    }

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
        var reported: [(id: Int64, index: Int32)] = []
        let points = try loadPoints(query, sourceIndex: indexByID, reported: &reported)
        var sources = ordered.map(\.ranked.source)
        var priority = Array(ordered.indices)
        if !reported.isEmpty {
            // Reported totals rank above every source but the store's own (ReportedTotal).
            let sourceByID = Dictionary(
                ordered.map { ($0.id, $0.ranked.source) }, uniquingKeysWith: { first, _ in first })
            for entry in reported {
                let source = sourceByID[entry.id] ?? Source(name: "", bundleIdentifier: "")
                sources.append(
                    Source(name: source.name, bundleIdentifier: source.bundleIdentifier + ReportedTotal.sourceSuffix))
            }
            // Reported totals among themselves in their sources' order.
            let rank = Dictionary(
                ordered.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
            let reports = reported.sorted { (rank[$0.id] ?? 0) < (rank[$1.id] ?? 0) }.map { Int($0.index) }
            let first = priority.filter { own.contains(sources[$0]) }
            priority = first + reports + priority.filter { !own.contains(sources[$0]) }
        }
        let statistics = try StatisticsEngine.compute(query, points: points, sources: sources, priority: priority)
        guard parts else { return (statistics, []) }
        let keys = ordered.map(\.id) + reported.map { -$0.id - 1 }
        return (statistics, try StatisticsEngine.discreteParts(query, points: points, sourceKeys: keys))
    }

    /// Start, end, value and source index of every sample that can touch the query range, by start;
    /// a reported total (``ReportedTotal``) gets its source's entry in `reported`, indices after
    /// those of `sourceIndex`, made as met.
    func loadPoints(
        _ query: StatisticsQuery, sourceIndex: [Int64: Int32],
        reported: inout [(id: Int64, index: Int32)]
    ) throws -> [StatisticsPoint] {
        guard
            let typeRow = try Row.fetchOne(
                db, sql: "SELECT id, max_duration FROM types WHERE identifier = ?",
                arguments: [query.type.identifier])
        else { return [] }
        let typeID: Int64 = typeRow[0]
        let maxDuration: Double = typeRow[1]
        let lower = query.range.start.timeIntervalSince1970
        let upper = query.range.end.timeIntervalSince1970
        let statement = try db.cachedStatement(
            sql: """
                SELECT start, "end", value, source_id, instr(metadata, ?) > 0 FROM samples
                WHERE type_id = ? AND start >= ? AND start < ? AND "end" >= ? ORDER BY start
                """)
        statement.arguments = [
            ReportedTotal.jsonMarker, typeID, lower - maxDuration - SampleReader.slack, upper,
            lower - SampleReader.slack,
        ]
        var reportedIndex: [Int64: Int32] = Dictionary(
            reported.map { ($0.id, $0.index) }, uniquingKeysWith: { a, _ in a })
        let values = query.type.kind == .category ? query.effectiveCategoryValues : nil
        var points: [StatisticsPoint] = []
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            let sourceID: Int64 = row[3]
            guard var index = sourceIndex[sourceID] else { continue }
            let value: Double = row[2] ?? 0
            if let values, !values.contains(Int(value)) { continue }
            if row[4] as Bool? == true {
                if let known = reportedIndex[sourceID] {
                    index = known
                } else {
                    index = Int32(sourceIndex.count + reported.count)
                    reported.append((sourceID, index))
                    reportedIndex[sourceID] = index
                }
            }
            points.append(StatisticsPoint(start: row[0], end: row[1], value: value, source: index))
        }
        return points
    }
}
