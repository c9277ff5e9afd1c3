import Foundation
import MCP
import Testing
import VitalsCore
import VitalsMCP
import VitalsStore
import VitalsTestSupport

/// The tools over a real SQLite store: the same figures the store's statistics give, pages that
/// add up, trends from known data, and errors that name the argument.
@Suite("MCP: the health tools over a local store")
struct HealthToolboxTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let calendar = Calendar.gregorian(in: zone)
    static let phone = Source(name: "Ada's iPhone", bundleIdentifier: "com.apple.health.phone")
    static let watch = Source(name: "Ada's Apple Watch", bundleIdentifier: "com.apple.health.watch")

    /// A new store in a temporary folder.
    static func store() throws -> SQLiteHealthStore {
        let directory = TestFolder.url("vitals-mcp")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = calendar
        return try SQLiteHealthStore(
            path: directory.appendingPathComponent("store.sqlite").path, configuration: configuration)
    }

    static func at(_ text: String) -> Date { ISO8601.parse(text)! }

    /// Phone and watch both counting the same walks (the watch a little higher), on `days` days from `first`.
    static func walks(from first: String, days: Int, steps: Double) -> [Sample] {
        (0..<days).flatMap { offset -> [Sample] in
            let start = at(first).addingTimeInterval(Double(offset) * 86_400)
            return [
                .quantity(.stepCount, steps, .count, start: start, end: start.addingTimeInterval(3600), source: phone),
                .quantity(
                    .stepCount, steps + 100, .count, start: start, end: start.addingTimeInterval(3600), source: watch),
            ]
        }
    }

    static func toolbox(_ store: SQLiteHealthStore, today: String = "2025-10-20T12:00:00+02:00") -> HealthToolbox {
        let now = at(today)
        return HealthToolbox(reader: store, calendar: calendar, now: { now })
    }

    @Test("statistics answers the store's own merged statistics, with units, the zone and each source's share")
    func statisticsMatchTheStore() async throws {
        let store = try Self.store()
        try await store.save(Self.walks(from: "2025-10-01T09:00:00+02:00", days: 5, steps: 1000))
        let toolbox = Self.toolbox(store)
        let answer = try await toolbox.call(
            "statistics",
            arguments: [
                "type": "stepCount", "from": "2025-10-01", "to": "2025-10-06", "by_source": true,
            ])
        let range = try DateRange(
            start: Self.at("2025-10-01T00:00:00+02:00"), end: Self.at("2025-10-06T00:00:00+02:00"))
        let expected = try await store.statistics(
            StatisticsQuery(
                type: .stepCount, range: range, interval: .day,
                calendar: Self.calendar, options: [.sum, .separateBySource]))
        let buckets = try #require(answer.objectValue?["buckets"]?.arrayValue)
        #expect(buckets.count == expected.value.count && buckets.count == 5)
        for (bucket, statistics) in zip(buckets, expected.value) {
            #expect(bucket.objectValue?["value"]?.doubleValue == statistics.sum)
            #expect(bucket.objectValue?["start"]?.stringValue == ISO8601.format(statistics.range.start, in: Self.zone))
            let shares = bucket.objectValue?["sources"]?.arrayValue?.compactMap {
                $0.objectValue?["value"]?.doubleValue
            }
            #expect(shares == statistics.bySource.compactMap(\.statistics.sum))
        }
        // Merged, not added: the watch's 1,100 a day, not 2,100.
        #expect(buckets.first?.objectValue?["value"]?.doubleValue == 1100)
        #expect(answer.objectValue?["unit"] == "count" && answer.objectValue?["zone"] == "Europe/Berlin")
    }

    @Test("samples pages add up to every sample once, also when many start at the same instant")
    func samplesPagesAddUp() async throws {
        let store = try Self.store()
        let start = Self.at("2025-10-02T08:00:00+02:00")
        let bpm = try HealthUnit(parsing: "count/min")
        var samples: [Sample] = []
        for index in 0..<7 {
            let source = index % 2 == 0 ? Self.phone : Self.watch
            samples.append(.quantity(.heartRate, Double(60 + index), bpm, start: start, source: source))
        }
        for minute in 1...5 {
            let later = start.addingTimeInterval(Double(minute) * 60)
            samples.append(.quantity(.heartRate, 70, bpm, start: later, source: Self.watch))
        }
        try await store.save(samples)
        let toolbox = Self.toolbox(store)
        var seen: [String] = []
        var cursor: Value?
        var pages = 0
        repeat {
            var arguments: [String: Value] = [
                "type": "heartRate", "from": "2025-10-02", "to": "2025-10-03", "limit": 3,
            ]
            if let cursor { arguments["cursor"] = cursor }
            let answer = try await toolbox.call("samples", arguments: arguments)
            let page = try #require(answer.objectValue?["samples"]?.arrayValue)
            #expect(page.count <= 3)
            seen += page.compactMap { $0.objectValue?["uuid"]?.stringValue }
            cursor = answer.objectValue?["next"]
            pages += 1
        } while cursor != nil && pages < 20
        #expect(pages == 4)
        #expect(
            seen.count == samples.count && Set(seen) == Set(samples.map { (sample: Sample) in sample.uuid.uuidString }))
    }

    @Test("trends compares the recent daily average with the same days a year before")
    func trendAgainstLastYear() async throws {
        let store = try Self.store()
        try await store.save(Self.walks(from: "2024-09-21T09:00:00+02:00", days: 30, steps: 5000))
        try await store.save(Self.walks(from: "2025-09-21T09:00:00+02:00", days: 30, steps: 6000))
        let answer = try await Self.toolbox(store).call(
            "trends",
            arguments: [
                "type": "stepCount", "date": "2025-10-20",
                "days": 30,
            ])
        let object = try #require(answer.objectValue)
        #expect(object["recent"]?.objectValue?["average"]?.doubleValue == 6100)
        #expect(object["yearBefore"]?.objectValue?["average"]?.doubleValue == 5100)
        #expect(object["yearBefore"]?.objectValue?["from"] == "2024-09-21")
        #expect(object["direction"] == "higher")
        let percent = try #require(object["changePercent"]?.doubleValue)
        #expect(abs(percent - 1000.0 / 5100 * 100) < 0.001)
        let short = try await Self.toolbox(store).call(
            "trends",
            arguments: [
                "type": "stepCount", "date": "2024-09-25",
                "days": 7,
            ])
        #expect(short.objectValue?["direction"] == .null && short.objectValue?["note"] != nil)
    }

    @Test("A wrong argument is an error naming it; a type with no samples or one not readable says so")
    func errorsNameTheArgument() async throws {
        let store = try Self.store()
        try await store.save(Self.walks(from: "2025-10-01T09:00:00+02:00", days: 1, steps: 1000))
        let toolbox = Self.toolbox(store)
        let wrong: [(String, [String: Value], String)] = [
            ("statistics", ["type": "nope", "from": "2025-10-01", "to": "2025-10-02"], "type"),
            ("statistics", ["type": "stepCount", "from": "yesterday", "to": "2025-10-02"], "from"),
            ("statistics", ["type": "stepCount", "from": "2025-10-02", "to": "2025-10-01"], "to"),
            ("statistics", ["type": "stepCount", "from": "2000-01-01", "to": "2025-10-01", "interval": "hour"], "to"),
            (
                "statistics", ["type": "stepCount", "from": "2025-10-01", "to": "2025-10-02", "option": "average"],
                "option"
            ),
            ("statistics", ["type": "stepCount", "from": "2025-10-01", "to": "2025-10-02", "colour": "red"], "colour"),
            ("samples", ["type": "stepCount", "from": "2025-10-01", "to": "2025-10-02", "cursor": "x"], "cursor"),
            ("samples", ["type": "stepCount", "from": "2025-10-01", "to": "2025-10-02", "limit": 0], "limit"),
            ("streak", ["activity": "juggling"], "activity"),
            ("sleep_nights", ["from": "2025-10-05", "to": "2025-10-01"], "to"),
        ]
        for (tool, arguments, field) in wrong {
            await #expect(throws: VitalsError.self, "\(tool) \(arguments)") {
                do {
                    _ = try await toolbox.call(tool, arguments: arguments)
                } catch let error as VitalsError {
                    #expect(error.location?.field == field, "\(tool) \(arguments): \(error)")
                    throw error
                }
            }
        }
        let missing = try await toolbox.call(
            "statistics",
            arguments: [
                "type": "bodyMass", "from": "2025-10-01",
                "to": "2025-10-02",
            ])
        #expect(missing.objectValue?["note"] == "the store holds no samples of bodyMass")
        try await store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        let denied = try await toolbox.call(
            "statistics",
            arguments: [
                "type": "stepCount", "from": "2025-10-01",
                "to": "2025-10-02",
            ])
        #expect(denied.objectValue?["note"]?.stringValue?.contains("not allowed") == true)
        let summary = try await toolbox.call("day_summary", arguments: ["date": "2025-10-01"])
        #expect(summary.objectValue?["unreadable"]?.arrayValue?.contains("stepCount") == true)
    }

    @Test("day_summary and sleep_nights count a night from noon to noon, once for two sources")
    func nightsAndDays() async throws {
        let store = try Self.store()
        let bed = Self.at("2025-10-01T23:00:00+02:00"), rise = Self.at("2025-10-02T07:00:00+02:00")
        try await store.save(
            [
                .category(.sleepAnalysis, SleepAnalysisValue.inBed.rawValue, start: bed, end: rise, source: Self.phone),
                .category(
                    .sleepAnalysis, SleepAnalysisValue.asleepCore.rawValue, start: bed.addingTimeInterval(600),
                    end: rise.addingTimeInterval(-600), source: Self.watch),
                .category(
                    .sleepAnalysis, SleepAnalysisValue.asleepUnspecified.rawValue, start: bed.addingTimeInterval(1200),
                    end: rise, source: Self.phone),
            ] + Self.walks(from: "2025-10-02T09:00:00+02:00", days: 1, steps: 4000))
        let toolbox = Self.toolbox(store)
        let nights = try await toolbox.call("sleep_nights", arguments: ["from": "2025-10-02", "to": "2025-10-03"])
        let list = try #require(nights.objectValue?["nights"]?.arrayValue)
        #expect(list.count == 2)
        // Union of 23:10-06:50 and 23:20-07:00: 23:10 to 07:00.
        #expect(list[0].objectValue?["asleepMinutes"]?.doubleValue == 470)
        #expect(list[0].objectValue?["inBedMinutes"]?.doubleValue == 480)
        #expect(list[0].objectValue?["stageMinutes"]?.objectValue?["asleepCore"]?.doubleValue == 460)
        #expect(list[1].objectValue?["asleepMinutes"] == .null)
        let day = try await toolbox.call("day_summary", arguments: ["date": "2025-10-02"])
        #expect(day.objectValue?["night"]?.objectValue?["asleepMinutes"]?.doubleValue == 470)
        #expect(day.objectValue?["figures"]?.objectValue?["steps"]?.objectValue?["value"]?.doubleValue == 4100)
    }
}
