import Foundation
import GRDB
import VitalsCore
import VitalsStore

/// Issue 16's figure prerequisite: daily statistics with and without the per-day cache.
///
/// Builds (or reuses) a store with minute-level steps and heart rate from a watch and a phone
/// over N years, then times, on the same file in the same run, a store reading through the
/// `daily_statistics` cache and one with it bypassed: a one-year merged daily sum cold (cache
/// emptied before each run) and warm, a 365-day trend warm, and today warm.
struct DailyCacheBenchmark {
    let years: Int
    let runs: Int
    let path: String?

    static let watch = Source(name: "Bench Watch", bundleIdentifier: "com.apple.health.watch")
    static let phone = Source(name: "Bench iPhone", bundleIdentifier: "com.apple.health.phone")
    static let calendar = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)

    /// The benchmark stores' configuration: ``calendar``, the answer cache off.
    static var storeConfiguration: SQLiteHealthStore.Configuration {
        var configuration = SQLiteHealthStore.Configuration()
        configuration.cacheCapacity = 0
        configuration.calendar = calendar
        return configuration
    }

    /// The benchmark store at `path` (a new temporary file named after `name` without one), in
    /// ``calendar`` with the answer cache off, and the `years` from 2021 its data spans.
    static func openStore(
        path: String?, name: String, years: Int
    ) throws -> (
        store: SQLiteHealthStore, file: String, start: Date, end: Date
    ) {
        let file =
            path
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-bench-\(name)-\(UUID().uuidString).sqlite").path
        let store = try SQLiteHealthStore(path: file, configuration: storeConfiguration)
        let start = calendar.date(from: DateComponents(year: 2021, month: 1, day: 1))!
        return (store, file, start, calendar.date(byAdding: .year, value: years, to: start)!)
    }

    func run() async throws {
        let (cached, file, start, end) = try Self.openStore(path: path, name: "cache", years: years)
        let counts = Dictionary(try await cached.typeSummaries().map { ($0.type, $0.count) }, uniquingKeysWith: +)
        if (counts[.stepCount] ?? 0) == 0 {
            try await DailyCacheData(store: cached, start: start, end: end).populate()
        } else {
            print("reusing \(file)")
        }
        // Opened after populating: alone on the file, the bulk writes skip the WAL.
        var configuration = Self.storeConfiguration
        configuration.cachesDailyStatistics = false
        let uncached = try SQLiteHealthStore(path: file, configuration: configuration)
        let total = try await cached.typeSummaries().filter { [SampleType.stepCount, .heartRate].contains($0.type) }
            .reduce(0) { $0 + $1.count }
        let stealBefore = HostCPU.now()

        let today = Self.calendar.date(byAdding: .day, value: -1, to: end)!
        let yearStart = Self.calendar.date(byAdding: .year, value: -1, to: end)!
        let yearSum = [try query(.stepCount, from: yearStart, to: end, .sum)]
        let trendStart = Self.calendar.date(byAdding: .day, value: -364, to: today)!
        let lastYear = Self.calendar.date(byAdding: .year, value: -1, to: trendStart)!
        let trend = [
            try query(.stepCount, from: trendStart, to: end, .sum),
            try query(.heartRate, from: trendStart, to: end, [.average, .minimum, .maximum]),
            try query(.stepCount, from: lastYear, to: Self.calendar.date(byAdding: .year, value: -1, to: end)!, .sum),
            try query(
                .heartRate, from: lastYear, to: Self.calendar.date(byAdding: .year, value: -1, to: end)!,
                [.average, .minimum, .maximum]),
        ]
        let todayQueries = [
            try query(.stepCount, from: today, to: end, .sum),
            try query(.heartRate, from: today, to: end, [.average, .minimum, .maximum]),
        ]

        let warmRuns = runs * 10
        let cold = try await time(runs) {
            try await cached.database.write { db in try db.execute(sql: "DELETE FROM daily_statistics") }
            let t0 = DispatchTime.now().uptimeNanoseconds
            for q in yearSum { _ = try await cached.statistics(q) }
            let t1 = DispatchTime.now().uptimeNanoseconds
            return Double(t1 - t0) / 1e9
        }
        let rows: [(String, [StatisticsQuery], Int)] = [
            ("one-year merged daily step sum, warm", yearSum, warmRuns),
            ("365-day trend (4 queries), warm", trend, warmRuns),
            ("today (2 queries), warm", todayQueries, warmRuns),
        ]
        var results: [(String, Summary, Summary)] = []
        let coldBypassed = try await measure(uncached, yearSum, runs)
        results.append(("one-year merged daily step sum, cold", cold, coldBypassed))
        for (name, queries, count) in rows {
            for q in queries { _ = try await cached.statistics(q) }
            try await check(queries, cached, uncached)
            let withCache = try await measure(cached, queries, count)
            let bypassed = try await measure(uncached, queries, runs)
            results.append((name, withCache, bypassed))
        }
        let steal = HostCPU.stealPercent(since: stealBefore)

        print("store: \(file)")
        print(
            "\(total) samples: minute-level steps and heart rate from a watch and a phone, \(years) years, days in Europe/Berlin"
        )
        print(
            "cached: through the daily_statistics cache; bypassed: cachesDailyStatistics = false (same file, same run)")
        print("medians and p99 in ms; cold and bypassed over \(runs) runs, warm over \(warmRuns)")
        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
        }
        print(
            "query".padding(toLength: 42, withPad: " ", startingAt: 0) + padded("cached", 10) + padded("p99", 10)
                + padded("bypassed", 12) + padded("p99", 12))
        for (name, withCache, without) in results {
            let figures = [withCache.median, withCache.p99, without.median, without.p99].map {
                String(format: "%.2f", $0 * 1000)
            }
            print(
                name.padding(toLength: 42, withPad: " ", startingAt: 0) + padded(figures[0], 10)
                    + padded(figures[1], 10)
                    + padded(figures[2], 12) + padded(figures[3], 12))
        }
        print(
            steal.map { String(format: "CPU steal during the measurements: %.1f%%", $0) }
                ?? "CPU steal: unknown (no /proc/stat)")
    }

    /// A daily query in Berlin over `[from, to)`.
    func query(_ type: SampleType, from: Date, to: Date, _ options: StatisticsOptions) throws -> StatisticsQuery {
        StatisticsQuery(
            type: type, range: try DateRange(start: from, end: to), interval: .day,
            calendar: Self.calendar, options: options)
    }

    /// Fails loudly unless the two stores answer every query identically.
    func check(_ queries: [StatisticsQuery], _ cached: SQLiteHealthStore, _ uncached: SQLiteHealthStore) async throws {
        for q in queries {
            let left = try await cached.statistics(q).value
            let right = try await uncached.statistics(q).value
            guard left == right else {
                FileHandle.standardError.write(Data("vitals-bench: cached and uncached answers differ\n".utf8))
                exit(1)
            }
        }
    }

    /// Times answering all `queries` `count` times on `store`.
    func measure(_ store: SQLiteHealthStore, _ queries: [StatisticsQuery], _ count: Int) async throws -> Summary {
        try await time(count) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            for q in queries { _ = try await store.statistics(q) }
            return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        }
    }

    func time(_ count: Int, _ body: () async throws -> Double) async throws -> Summary {
        var seconds: [Double] = []
        for _ in 0..<max(1, count) { seconds.append(try await body()) }
        return Summary(seconds)
    }

    /// Median and 99th percentile (nearest rank) of timings in seconds.
    struct Summary {
        let median: Double
        let p99: Double

        init(_ values: [Double]) {
            let sorted = values.sorted()
            median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            p99 =
                sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        }
    }
}
