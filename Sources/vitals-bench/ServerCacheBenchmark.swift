import Foundation
import Logging
import VitalsCore
import VitalsPostgres
import VitalsServer
import VitalsServerStorage
import VitalsStore

/// A server user's year of daily statistics, through the per-day cache and without it.
///
/// One user in Europe/Berlin with `days` days of minute-level steps and heart rate from a watch
/// and a phone (4 samples a minute, ~2.1 M a year, as the daily-cache benchmark's store),
/// stored through the repository's write path (SQLite in a new file, or an empty PostgreSQL
/// database), then the queries the dashboard's Trends and Calendar pages make for a server
/// user, read through ``ServerHealthReader``: with the cache bypassed, cold (the user's days
/// forgotten before each run) and warm; and the hourly steps of the last day until 18:00 as
/// Today and Day read them (never cached: it shows the read of a window in a year of samples).
struct ServerCacheBenchmark {
    var days = 365
    var runs = 21
    /// An empty PostgreSQL database; nil for a SQLite file in the temporary folder.
    var postgres: String?

    static let calendar = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)

    func run() async throws {
        let logger = Logger(label: "vitals-bench.server-cache") { _ in SwiftLogNoOpLogHandler() }
        if let postgres {
            try await PostgresRepository.withRepository(url: postgres, logger: logger) { repository in
                try await measure(repository, backend: "PostgreSQL")
            }
        } else {
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("vitals-bench-server-cache-\(UUID().uuidString).sqlite").path
            defer { DurableFile.remove(path) }
            let repository = try SQLiteRepository(path: path)
            try await measure(repository, backend: "SQLite")
            try await repository.close()
        }
    }

    private func measure(_ repository: some HealthRepository & DailyStatisticsStoring, backend: String) async throws {
        try await repository.migrate()
        let user = try await repository.addUser(
            name: "bench-\(UUID().uuidString.prefix(8))", timeZone: "Europe/Berlin",
            tokenHash: TokenHasher.hash(TokenHasher.newToken()), at: Date())
        let calendar = Self.calendar
        let end = calendar.startOfDay(for: Date())
        let start = calendar.date(byAdding: .day, value: -days, to: end)!
        let samples = try await populate(repository, user: user, from: start, to: end)
        let range = try DateRange(start: start, end: end)
        var wholeHeart = StatisticsQuery(
            type: .heartRate, range: range, interval: .day, calendar: calendar,
            options: [.average, .minimum, .maximum])
        wholeHeart.intervalCount = days
        let queries: [(String, StatisticsQuery)] = [
            (
                "steps, \(days) daily sums",
                StatisticsQuery(
                    type: .stepCount, range: range, interval: .day,
                    calendar: calendar, options: .sum)
            ),
            (
                "heart rate, \(days) daily avg/min/max",
                StatisticsQuery(
                    type: .heartRate, range: range, interval: .day,
                    calendar: calendar,
                    options: [.average, .minimum, .maximum])
            ),
            ("heart rate, one \(days)-day bucket", wholeHeart),
            (
                "steps, last day to 18:00, hourly",
                StatisticsQuery(
                    type: .stepCount,
                    range: try DateRange(
                        start: calendar.date(byAdding: .day, value: -1, to: end)!,
                        end: end.addingTimeInterval(-6 * 3600)),
                    interval: .hour, calendar: calendar, options: .sum)
            ),
        ]
        let plain = ServerHealthReader(repository: repository, user: user, cachesDailyStatistics: false)
        let cached = ServerHealthReader(repository: repository, user: user)
        let cpu = HostCPU.now()
        print(
            """
            \(backend): \(samples) samples of one user over \(days) days (Europe/Berlin); \(runs) runs each
            query                                    no cache ms   cold ms   warm median ms   warm p99 ms
            """)
        for (name, query) in queries {
            let bypassed = try await times(max(3, runs / 5)) { _ = try await plain.statistics(query) }
            let cold = try await times(max(3, runs / 5)) {
                try await repository.forgetStoredDays(of: user)
            } body: {
                _ = try await cached.statistics(query)
            }
            _ = try await cached.statistics(query)
            let warm = try await times(runs) { _ = try await cached.statistics(query) }
            let figures = String(
                format: "%11.1f %9.1f %16.2f %13.2f", median(bypassed), median(cold), median(warm),
                percentile(warm, 0.99))
            print(name.padding(toLength: 40, withPad: " ", startingAt: 0) + " " + figures)
        }
        if let cpu, let now = HostCPU.now() {
            print(
                String(
                    format: "host CPU during the runs: idle %.1f%%, steal %.2f%%", now.idlePercent(since: cpu),
                    now.stealPercent(since: cpu)))
        }
    }

    /// Writes the user's samples a week at a time through the repository's write path; returns how many.
    private func populate(
        _ repository: some HealthRepository, user: ServerUser, from start: Date, to end: Date
    ) async throws
        -> Int
    {
        let watch = "Bench's Apple Watch", phone = "Bench's iPhone"
        let minutes = Int(end.timeIntervalSince(start) / 60)
        let began = Date()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var written = 0
        var minute = 0
        while minute < minutes {
            let last = min(minutes, minute + 7 * 1440)
            var samples: [StoredSample] = []
            samples.reserveCapacity((last - minute) * 4)
            for m in minute..<last {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let t = start.addingTimeInterval(Double(m) * 60)
                let walked = Double((state >> 33) % 120), pulse = 55 + Double((state >> 40) % 60)
                samples.append(
                    StoredSample(
                        uuid: UUID(), type: "HKQuantityTypeIdentifierStepCount", start: t,
                        end: t + 60, value: walked, sourceName: watch))
                samples.append(
                    StoredSample(
                        uuid: UUID(), type: "HKQuantityTypeIdentifierStepCount", start: t + 30,
                        end: t + 90, value: (walked * 1.1).rounded(), sourceName: phone))
                samples.append(
                    StoredSample(
                        uuid: UUID(), type: "HKQuantityTypeIdentifierHeartRate", start: t, end: t,
                        value: pulse, sourceName: watch))
                samples.append(
                    StoredSample(
                        uuid: UUID(), type: "HKQuantityTypeIdentifierHeartRate", start: t + 30,
                        end: t + 30, value: pulse + 2, sourceName: phone))
            }
            written += try await repository.apply(
                HealthWrite(samples: samples, returnsSnapshots: false), for: user,
                at: Date()
            ).samplesAdded
            minute = last
            let line = String(
                format: "\rwriting: %d / %d days, %.0f samples/s", minute / 1440, minutes / 1440,
                Double(written) / Date().timeIntervalSince(began))
            FileHandle.standardError.write(Data(line.utf8))
        }
        FileHandle.standardError.write(Data("\n".utf8))
        return written
    }

    /// Milliseconds of each of `count` runs of `body`, each after `prepare` (not timed).
    private func times(
        _ count: Int, prepare: () async throws -> Void = {},
        body: () async throws -> Void
    ) async throws -> [Double] {
        var result: [Double] = []
        for _ in 0..<count {
            try await prepare()
            let began = DispatchTime.now().uptimeNanoseconds
            try await body()
            result.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
        }
        return result
    }

    private func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    private func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }
}
