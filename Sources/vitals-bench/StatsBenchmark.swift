import Foundation
import GRDB
import VitalsCore
import VitalsStore

/// The figure of the core issue: merged statistics at most 2x a naive SQL sum.
struct StatsBenchmark {
    let years: Int
    let runs: Int
    let path: String?

    static let watch = Source(name: "Bench Watch", bundleIdentifier: "com.apple.health.watch")
    static let phone = Source(name: "Bench iPhone", bundleIdentifier: "com.apple.health.phone")

    func run() async throws {
        let file =
            path
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-bench-\(UUID().uuidString).sqlite").path
        var configuration = SQLiteHealthStore.Configuration()
        configuration.cacheCapacity = 0
        let calendar = Calendar.gregorian(in: .gmt)
        configuration.calendar = calendar
        let store = try SQLiteHealthStore(path: file, configuration: configuration)
        let start = calendar.date(from: DateComponents(year: 2021, month: 1, day: 1))!
        let end = calendar.date(byAdding: .year, value: years, to: start)!
        let existing = try await store.typeSummaries().first { $0.type == .stepCount }?.count ?? 0
        if existing == 0 {
            try await populate(store, from: start, to: end)
        } else {
            print("reusing \(existing) samples in \(file)")
        }
        let yearStart = calendar.date(byAdding: .year, value: -1, to: end)!
        let range = try DateRange(start: yearStart, end: end)
        let query = StatisticsQuery(type: .stepCount, range: range, interval: .day, calendar: calendar, options: .sum)

        var mergedTimes: [Double] = []
        var naiveTimes: [Double] = []
        var mergedTotal = 0.0
        var naiveTotal = 0.0
        let queue = try DatabaseQueue(path: file)
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let buckets = try await store.statistics(query).value
            let t1 = DispatchTime.now().uptimeNanoseconds
            mergedTotal = buckets.reduce(0) { $0 + ($1.sum ?? 0) }
            mergedTimes.append(Double(t1 - t0) / 1e9)

            let t2 = DispatchTime.now().uptimeNanoseconds
            let rows = try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT CAST((start - ?) / 86400 AS INTEGER) AS day, SUM(value) FROM samples
                        WHERE type_id = (SELECT id FROM types WHERE identifier = ?) AND start >= ? AND start < ?
                        GROUP BY day
                        """,
                    arguments: [
                        range.start.timeIntervalSince1970, SampleType.stepCount.identifier,
                        range.start.timeIntervalSince1970, range.end.timeIntervalSince1970,
                    ])
            }
            let t3 = DispatchTime.now().uptimeNanoseconds
            naiveTotal = rows.reduce(0) { $0 + ($1[1] as Double) }
            naiveTimes.append(Double(t3 - t2) / 1e9)
        }
        let merged = median(mergedTimes)
        let naive = median(naiveTimes)
        let rowsInYear = Int(range.duration / 60) * 2
        print("store: \(file)")
        print(
            "one year of daily step statistics over \(rowsInYear) minute samples from 2 overlapping sources (median of \(runs) runs):"
        )
        print(String(format: "  merged statistics (Vitals): %.3f s  total %.0f steps", merged, mergedTotal))
        print(
            String(
                format: "  naive SQL SUM GROUP BY:     %.3f s  total %.0f steps (double-counts the overlap)", naive,
                naiveTotal))
        print(String(format: "  ratio merged/naive: %.2fx (target <= 2x)", merged / naive))
    }

    /// Minute-level steps: the watch on whole minutes, the phone shifted by 30 s, both every minute.
    func populate(_ store: SQLiteHealthStore, from start: Date, to end: Date) async throws {
        let watchDevice = Device(name: "Apple Watch", model: "Watch")
        let phoneDevice = Device(name: "iPhone", model: "iPhone")
        let total = Int(end.timeIntervalSince(start) / 60)
        let began = DispatchTime.now().uptimeNanoseconds
        var minute = 0
        var state: UInt64 = 42
        while minute < total {
            let batchEnd = min(total, minute + 100_000)
            var batch: [Sample] = []
            batch.reserveCapacity((batchEnd - minute) * 2)
            for m in minute..<batchEnd {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let steps = Double((state >> 33) % 120)
                let t = start.addingTimeInterval(Double(m) * 60)
                batch.append(
                    .quantity(
                        .stepCount, steps, .count, start: t, end: t.addingTimeInterval(60),
                        source: Self.watch, device: watchDevice))
                batch.append(
                    .quantity(
                        .stepCount, (steps * 1.1).rounded(), .count, start: t.addingTimeInterval(30),
                        end: t.addingTimeInterval(90), source: Self.phone, device: phoneDevice))
            }
            try await store.save(batch)
            minute = batchEnd
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
            let line = String(
                format: "\rgenerating: %d / %d minutes (%.0f%%), %.0f samples/s", minute, total,
                Double(minute) * 100 / Double(total), Double(minute * 2) / elapsed)
            FileHandle.standardError.write(Data(line.utf8))
        }
        FileHandle.standardError.write(Data("\n".utf8))
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
