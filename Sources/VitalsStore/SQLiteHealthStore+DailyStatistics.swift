import Foundation
import GRDB
import VitalsCore

extension SQLiteHealthStore {
    /// The statistics of `query` from the samples, reading and filling the per-day cache
    /// (``DailyStatisticsCache``) for daily queries when the configuration allows it.
    ///
    /// A discrete type's weeks, months, years or runs of days are combined from the cached days
    /// (``DailyCachePlan/composed(_:from:)``) when they are whole days.
    func computeStatistics(_ query: StatisticsQuery) async throws -> [Statistics] {
        let own: Set<Source> = [configuration.appSource, .vitalsDashboard]
        if configuration.cachesDailyStatistics, let days = DailyCachePlan.dayQuery(composing: query) {
            let answer = try await read { db in
                try StatisticsLoader(db, own: own).cachedStatistics(days, needsParts: true)
            }
            if let typeID = answer.typeID, !answer.result.computed.isEmpty {
                await storeDailyStatistics(
                    answer.result.computed, variant: answer.variant, typeID: typeID, epoch: answer.epoch)
            }
            if let composed = DailyCachePlan.composed(query, from: answer.result.rows) { return composed }
        }
        guard configuration.cachesDailyStatistics, DailyCachePlan.usesCache(query) else {
            return try await read { db in try StatisticsLoader(db, own: own).statistics(query) }
        }
        let answer = try await read { db in try StatisticsLoader(db, own: own).cachedStatistics(query) }
        if let typeID = answer.typeID, !answer.result.computed.isEmpty {
            await storeDailyStatistics(
                answer.result.computed, variant: answer.variant, typeID: typeID, epoch: answer.epoch)
        }
        return answer.result.statistics
    }

    /// Stores computed days unless a write came after the read that computed them.
    ///
    /// Done before the answer is returned, so a repeated query finds them. Never waits for
    /// SQLite's write lock: when another connection is writing (an import in another process)
    /// or the file is read-only, the answer stands and these days are computed again next time.
    private func storeDailyStatistics(_ days: [DailyStatisticsRow], variant: String, typeID: Int64, epoch: Int64) async
    {
        let timeout = Int(Self.busyTimeout * 1000)
        _ = try? await pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(timeout)") }
            try db.inTransaction(.immediate) {
                try DailyStatisticsCache(db).store(days, variant: variant, typeID: typeID, ifEpoch: epoch)
                return .commit
            }
        }
    }
}
