import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsStore
import VitalsTestSupport

/// The same read queries against a local store and a server user's read view over the same
/// samples give the same answers, on SQLite and PostgreSQL: code above the stores (the
/// dashboard, exports) is written once against ``HealthReader``.
@Suite("One read protocol: local store and server user")
struct CrossStoreReadTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let calendar = Calendar.gregorian(in: zone)
    static let watch = Source(name: "Zoe's Apple Watch", bundleIdentifier: "com.apple.health.watch")
    static let phone = Source(name: "Anna's iPhone", bundleIdentifier: "com.apple.health.phone")
    static let sleepApp = Source(name: "AutoSleep", bundleIdentifier: "com.tantsissa.AutoSleep")

    /// 2025-10-25 00:00 in Berlin (the day before the autumn DST change).
    static let day0 = DateComponents(calendar: calendar, timeZone: zone, year: 2025, month: 10, day: 25).date!

    static func at(_ hours: Double) -> Date { day0.addingTimeInterval(hours * 3600) }

    static func steps(_ value: Double, _ from: Double, _ to: Double, _ source: Source) -> Sample {
        Sample(
            type: .stepCount, start: at(from), end: at(to), content: .quantity(Quantity(value, .count)), source: source)
    }

    static func sleep(_ stage: Int, _ from: Double, _ to: Double, _ source: Source) -> Sample {
        Sample(type: .sleepAnalysis, start: at(from), end: at(to), content: .category(stage), source: source)
    }

    /// Overlapping sources, samples on the window's edges, a sample across midnight, a DST night,
    /// an instant, and sleep stages from two sources that overlap each other and in-bed time.
    static let samples: [Sample] = [
        steps(600, 8, 9, watch), steps(1000, 8.5, 9.5, phone), steps(250, 23.5, 24.5, phone),
        steps(40, 24, 24, phone), steps(300, 12, 13, watch), steps(80, 47, 48, phone), steps(900, 49, 50.5, watch),
        steps(120, 71, 72, phone), steps(10, 72, 72.25, watch),
        sleep(0, 22.5, 31, sleepApp), sleep(3, 23, 26, watch), sleep(4, 25.5, 27, watch), sleep(5, 27, 30, watch),
        sleep(3, 24, 29, sleepApp), sleep(2, 29.5, 30, watch), sleep(3, 46, 54, sleepApp),
    ]

    /// Samples of one type as comparable values: identity, times, canonical value and source name.
    static func rows(_ samples: [Sample]) -> [String] {
        samples.map {
            "\($0.uuid) \($0.start.timeIntervalSince1970) \($0.end.timeIntervalSince1970) \($0.statisticsValue ?? .nan) \($0.source.name)"
        }
    }

    static func buckets(_ statistics: [Statistics], _ option: StatisticsOptions) -> [String] {
        statistics.map {
            "\($0.range.start.timeIntervalSince1970) \($0.sampleCount) \($0.value(for: option).map { String(format: "%.6f", $0) } ?? "-")"
        }
    }

    @Test(
        "samples with each predicate, merged daily sums, sleep duration and sources are equal",
        arguments: Backend.allCases)
    func sameAnswers(backend: Backend) async throws {
        let directory = TestFolder.url("vitals-cross")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = Self.calendar
        let local = try SQLiteHealthStore(
            path: directory.appendingPathComponent("local.sqlite").path, configuration: configuration)
        try await local.save(Self.samples)

        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let write = HealthWrite(samples: Self.samples.compactMap(StoredSample.init))
            let written = try await harness.repository.apply(write, for: user, at: ServerConfiguration.fixedNow)
            #expect(written.samplesAdded == Self.samples.count)
            let readers: [any HealthReader] = [local, ServerHealthReader(repository: harness.repository, user: user)]
            try await Self.compare(readers)
        }
    }

    /// Runs every query on each reader and expects the first reader's answers from the others.
    static func compare(_ readers: [any HealthReader]) async throws {
        let window = DateRange(clampingStart: at(24), end: at(48))
        var answers: [[String]] = Array(repeating: [], count: readers.count)
        for (index, reader) in readers.enumerated() {
            var lines: [String] = []
            for type in [SampleType.stepCount, .sleepAnalysis] {
                for options in [
                    SampleQueryOptions(), .strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate],
                ] {
                    let found = try await reader.samples(of: type, matching: SamplePredicate(window, options: options))
                        .value
                    #expect(found.map(\.start) == found.map(\.start).sorted(), "oldest start first")
                    lines.append(
                        "\(type.shortName) \(options.rawValue): "
                            + rows(found.sorted { ($0.start, $0.uuid.uuidString) < ($1.start, $1.uuid.uuidString) })
                            .joined(separator: " | "))
                }
                let limited = try await reader.samples(of: type, matching: SamplePredicate(), limit: 3).value
                lines.append("\(type.shortName) limit: \(limited.count) \(limited.map(\.start))")
                lines.append(
                    "\(type.shortName) sources: "
                        + (try await reader.sources(for: type)).map(\.name).joined(separator: ", "))
            }
            let week = DateRange(clampingStart: day0, end: at(4 * 24 + 1))
            let steps = try await reader.statistics(
                StatisticsQuery(
                    type: .stepCount, range: week, interval: .day,
                    calendar: calendar, options: .sum)
            ).value
            lines.append("steps by day: " + buckets(steps, .sum).joined(separator: " | "))
            let hourly = try await reader.statistics(
                StatisticsQuery(
                    type: .stepCount, range: DateRange(clampingStart: at(8), end: at(10)),
                    interval: .hour, calendar: calendar, options: .sum)
            ).value
            lines.append("steps by hour: " + buckets(hourly, .sum).joined(separator: " | "))
            let sleep = try await reader.statistics(
                StatisticsQuery(
                    type: .sleepAnalysis, range: week, interval: .day,
                    calendar: calendar, options: .duration)
            ).value
            lines.append("sleep by day: " + buckets(sleep, .duration).joined(separator: " | "))
            answers[index] = lines
        }
        for other in answers.dropFirst() {
            for (expected, actual) in zip(answers[0], other) { #expect(actual == expected) }
            #expect(other.count == answers[0].count)
        }
        // The answers are not trivially equal: the window holds samples, the merge removed overlap.
        #expect(answers[0].contains { $0.hasPrefix("stepCount 0: ") && $0.split(separator: "|").count >= 3 })
        #expect(
            answers[0].contains(
                "steps by hour: \(at(8).timeIntervalSince1970) 2 600.000000 | \(at(9).timeIntervalSince1970) 1 500.000000"
            ))
    }
}
