import Foundation
import GRDB
import VitalsCore

/// A daily statistics answer read through the local store's cache, with what storing its days needs.
struct DailyCacheAnswer: Sendable {
    /// The answer and its days (``DailyCachePlan/answer()``); `computed` is empty when nothing can be stored.
    var result: DailyCacheResult
    /// The row id of the query's type, when it has one.
    var typeID: Int64?
    /// The rows' variant (see ``DailyCachePlan/variant(of:)``).
    var variant: String
    /// The cache epoch the answer was read at.
    var epoch: Int64
}

extension StatisticsLoader {
    /// The answer to a daily query from cached days, computing the others in this same read
    /// (the rules are ``DailyCachePlan``'s).
    func cachedStatistics(_ query: StatisticsQuery, needsParts: Bool = false) throws -> DailyCacheAnswer {
        let cache = DailyStatisticsCache(db)
        let epoch = try cache.epoch()
        var plan = DailyCachePlan(query, needsParts: needsParts)
        let typeID = try Int64.fetchOne(
            db, sql: "SELECT id FROM types WHERE identifier = ?", arguments: [query.type.identifier])
        var stored: [Double: DailyStatisticsRow] = [:]
        if let typeID, let lookup = plan.lookup {
            stored = try cache.rows(
                typeID: typeID, variant: plan.variant, startingFrom: lookup.lowerBound,
                through: lookup.upperBound)
        }
        for run in try plan.missingRuns(stored: stored) {
            let (statistics, parts) = try compute(run.query, parts: plan.keepsParts)
            try plan.fill(run, statistics: statistics, parts: parts)
        }
        var result = try plan.answer()
        if typeID == nil { result.computed = [] }
        return DailyCacheAnswer(result: result, typeID: typeID, variant: plan.variant, epoch: epoch)
    }
}
