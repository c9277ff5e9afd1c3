import Foundation
import GRDB
import VitalsCore
import VitalsInsights
import VitalsStore

/// Issue 42's figures: a day's insights and a year of daily scores on the 10-million-sample store.
///
/// Builds (or reuses) the daily-cache benchmark's store (~10.5 M samples over 5 years: steps and
/// heart rate every minute from a watch and a phone) and adds its nights (``InsightsBenchData``),
/// then times, in process over the store as `vitals insights` reads it (answer cache off):
/// - `day(_:)` of the last day: every figure (sleep score, overnight vitals, readiness, the trends
///   of eight figures over 455 days each, the factor effects), cold (the per-day cache emptied
///   first) and warm;
/// - `night(_:)`: the Today card's figures alone, warm;
/// - `scores(from:through:)` of the last 365 days, cold and warm.
struct InsightsBenchmark {
    let years: Int
    let runs: Int
    let path: String?

    func run() async throws {
        let calendar = DailyCacheBenchmark.calendar
        let (store, file, start, end) = try DailyCacheBenchmark.openStore(path: path, name: "insights", years: years)
        if try await store.typeSummaries().reduce(0, { $0 + $1.count }) == 0 {
            try await DailyCacheData(store: store, start: start, end: end).populate()
        } else {
            print("reusing \(file)")
        }
        let added = try await InsightsBenchData(store: store, start: start, end: end, calendar: calendar).ensure()
        if added > 0 { print("added \(added) samples of nights") }
        let samples = try await store.typeSummaries().reduce(0) { $0 + $1.count }
        let lastDay = LocalDate(containing: end.addingTimeInterval(-1), in: calendar)
        let engine = InsightsEngine(reader: store, calendar: calendar)
        let yearStart = lastDay.adding(days: -364)

        // The figures are real: the store gives every score.
        let day = try await engine.day(lastDay)
        guard day.sleepScore.value != nil, day.readiness.value != nil, day.trends[.steps]?.value != nil else {
            VitalsBench.fail("the bench store gives no sleep score, readiness or steps trend for \(lastDay)")
        }
        let scores = try await engine.scores(from: yearStart, through: lastDay)
        let scored = scores.values.filter { $0.sleepScore.value != nil && $0.readiness.value != nil }.count

        print(
            """
            \(samples) samples in \(file); insights of \(lastDay) (Europe/Berlin), \(runs) warm runs each
            a year of scores: \(scored) of \(scores.count) days with a sleep score and readiness
            figure                                      cold ms   warm median   warm p99   target
            """)
        let steal = HostCPU.now()
        try await report("day(_:), every figure", target: "<= 30 ms warm", store: store) {
            _ = try await engine.day(lastDay)
        }
        try await report("night(_:), the Today card", target: "", store: store) {
            _ = try await engine.night(lastDay)
        }
        try await report("trend(_:on:), all \(DailyFigure.allCases.count) figures", target: "", store: store) {
            for figure in DailyFigure.allCases { _ = try await engine.trend(figure, on: lastDay) }
        }
        try await report("scores(from:through:), 365 days", target: "<= 1000 ms", store: store) {
            _ = try await engine.scores(from: yearStart, through: lastDay)
        }
        if let before = steal, let after = HostCPU.now() {
            print(
                String(
                    format: "host CPU during the runs: idle %.1f%%, steal %.1f%%", after.idlePercent(since: before),
                    after.stealPercent(since: before)))
        }
    }

    /// Times `body` once after the per-day cache was emptied, then `runs` times; prints one row.
    private func report(
        _ name: String, target: String, store: SQLiteHealthStore, _ body: () async throws -> Void
    ) async throws {
        try await store.database.write { db in try db.execute(sql: "DELETE FROM daily_statistics") }
        let cold = try await milliseconds(body)
        var warm: [Double] = []
        for _ in 0..<runs { warm.append(try await milliseconds(body)) }
        warm.sort()
        let median = warm[warm.count / 2]
        let p99 = warm[min(warm.count - 1, Int((Double(warm.count) * 0.99).rounded(.up)) - 1)]
        print(
            name.padding(toLength: 42, withPad: " ", startingAt: 0)
                + String(format: "%9.1f   %11.2f   %8.2f   ", cold, median, p99) + target)
    }

    private func milliseconds(_ body: () async throws -> Void) async throws -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
    }
}
