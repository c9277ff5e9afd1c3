import Foundation
import Testing

@testable import VitalsCore

@Suite("Statistics engine")
struct StatisticsEngineTests {
    let la = Calendar.gregorian(in: TimeZone(identifier: "America/Los_Angeles")!)
    let utc = Calendar.gregorian(in: .gmt)
    let watch = Source(name: "Watch", bundleIdentifier: "com.apple.health.watch")
    let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.phone")

    func t(_ text: String) -> Double { ISO8601.parse(text)!.timeIntervalSince1970 }

    func point(_ start: String, _ end: String, _ value: Double, _ source: Int32) -> StatisticsPoint {
        StatisticsPoint(start: t(start), end: t(end), value: value, source: source)
    }

    func day(_ from: String, _ to: String, calendar: Calendar) throws -> DateRange {
        try DateRange(start: ISO8601.parse(from)!, end: ISO8601.parse(to)!)
    }

    @Test("A DST day in America/Los_Angeles has 23 hourly buckets")
    func dstHourly() throws {
        let range = try day("2025-03-09T00:00:00-08:00", "2025-03-10T00:00:00-07:00", calendar: la)
        let query = StatisticsQuery(type: .stepCount, range: range, interval: .hour, calendar: la, options: .sum)
        var points: [StatisticsPoint] = []
        var cursor = range.start.timeIntervalSince1970
        while cursor < range.end.timeIntervalSince1970 {
            points.append(StatisticsPoint(start: cursor, end: cursor + 60, value: 1, source: 0))
            cursor += 60
        }
        let buckets = try StatisticsEngine.compute(query, points: points, sources: [phone], priority: [0])
        #expect(buckets.count == 23)
        #expect(buckets.allSatisfy { abs(($0.sum ?? 0) - 60) < 1e-9 })
        #expect(abs(buckets.reduce(0) { $0 + ($1.sum ?? 0) } - 23 * 60) < 1e-6)
    }

    @Test("A query cut after n buckets and asked again from the cut gives the whole query's buckets, across DST")
    func firstBuckets() throws {
        let range = try day("2025-03-08T05:30:00-08:00", "2025-03-12T00:00:00-07:00", calendar: la)
        let query = StatisticsQuery(
            type: .heartRate, range: range, interval: .hour, intervalCount: 5, calendar: la,
            options: [.average, .maximum, .separateBySource])
        var points: [StatisticsPoint] = []
        var cursor = range.start.timeIntervalSince1970 - 1800
        while cursor < range.end.timeIntervalSince1970 {
            points.append(
                StatisticsPoint(
                    start: cursor, end: cursor + 900, value: 60 + cursor.truncatingRemainder(dividingBy: 37),
                    source: Int32(Int(cursor) / 1800 % 2)))
            cursor += 1300
        }
        let whole = try StatisticsEngine.compute(query, points: points, sources: [watch, phone], priority: [0, 1])
        var pieces: [Statistics] = []
        var rest: StatisticsQuery? = query
        var cuts = 0
        while let piece = rest {
            let (first, next) = piece.firstBuckets(4)
            pieces += try StatisticsEngine.compute(first, points: points, sources: [watch, phone], priority: [0, 1])
            rest = next.map { start in
                var later = piece
                later.range = DateRange(clampingStart: start, end: piece.range.end)
                return later
            }
            cuts += next == nil ? 0 : 1
        }
        // 13:00Z on the 8th to 07:00Z on the 12th: 90 hours, 18 buckets of 5, cut after 4, 8, 12 and 16.
        #expect(whole.count == 18 && cuts == 4)
        #expect(whole.contains { $0.bySource.count == 2 && $0.average != nil })
        #expect(pieces == whole)
        #expect(query.firstBuckets(18).rest == nil && query.firstBuckets(17).rest == whole.last?.range.start)
    }

    @Test("Overlapping iPhone and Watch steps are merged, not added; by source each keeps its own")
    func mergedNotAdded() throws {
        let range = try day("2025-10-01T00:00:00Z", "2025-10-02T00:00:00Z", calendar: utc)
        let query = StatisticsQuery(
            type: .stepCount, range: range, interval: .day, calendar: utc,
            options: [.sum, .separateBySource])
        let points = [
            point("2025-10-01T10:00:00Z", "2025-10-01T11:00:00Z", 1000, 0),
            point("2025-10-01T10:30:00Z", "2025-10-01T11:30:00Z", 1200, 1),
        ]
        let buckets = try StatisticsEngine.compute(query, points: points, sources: [watch, phone], priority: [0, 1])
        #expect(buckets.count == 1)
        #expect(abs(buckets[0].sum! - 1600) < 1e-9)
        #expect(buckets[0].bySource.map(\.source) == [watch, phone])
        #expect(buckets[0].bySource.map { $0.statistics.sum! } == [1000, 1200])
        // With the phone first, the watch only fills 10:00-10:30.
        let flipped = try StatisticsEngine.compute(query, points: points, sources: [watch, phone], priority: [1, 0])
        #expect(abs(flipped[0].sum! - 1700) < 1e-9)
    }

    @Test("A sample straddling midnight is split proportionally")
    func straddlingMidnight() throws {
        let range = try day("2025-10-01T00:00:00Z", "2025-10-03T00:00:00Z", calendar: utc)
        let query = StatisticsQuery(
            type: .activeEnergyBurned, range: range, interval: .day, calendar: utc, options: .sum)
        let points = [point("2025-10-01T23:00:00Z", "2025-10-02T02:00:00Z", 300, 0)]
        let buckets = try StatisticsEngine.compute(query, points: points, sources: [phone], priority: [0])
        #expect(buckets.map { $0.sum! } == [100, 200])
        #expect(buckets.map(\.sampleCount) == [1, 1])
    }

    @Test("Instants count unless a higher-priority source covers them")
    func instants() throws {
        let range = try day("2025-10-01T00:00:00Z", "2025-10-02T00:00:00Z", calendar: utc)
        let query = StatisticsQuery(type: .stepCount, range: range, interval: .day, calendar: utc, options: .sum)
        let points = [
            point("2025-10-01T10:00:00Z", "2025-10-01T11:00:00Z", 600, 0),  // watch interval
            point("2025-10-01T10:30:00Z", "2025-10-01T10:30:00Z", 50, 1),  // phone instant, covered
            // phone instant at the watch's end: not covered
            point("2025-10-01T11:00:00Z", "2025-10-01T11:00:00Z", 7, 1),
            point("2025-10-01T12:00:00Z", "2025-10-01T12:00:00Z", 5, 0),  // watch instant inside phone interval
            // phone interval (not covered by a watch interval)
            point("2025-10-01T11:50:00Z", "2025-10-01T12:10:00Z", 40, 1),
        ]
        let buckets = try StatisticsEngine.compute(query, points: points, sources: [watch, phone], priority: [0, 1])
        #expect(abs(buckets[0].sum! - (600 + 7 + 5 + 40)) < 1e-9)
    }

    @Test("Sleep duration is the union of asleep stages; in-bed and awake do not add")
    func sleepUnion() throws {
        let range = try day("2025-10-01T12:00:00Z", "2025-10-02T12:00:00Z", calendar: utc)
        let query = StatisticsQuery(
            type: .sleepAnalysis, range: range, interval: .day,
            anchor: range.start, calendar: utc, options: .duration)
        let stages: [(String, String, SleepAnalysisValue)] = [
            ("2025-10-01T23:00:00Z", "2025-10-02T07:00:00Z", .inBed),
            ("2025-10-01T23:30:00Z", "2025-10-02T03:00:00Z", .asleepCore),
            ("2025-10-02T01:00:00Z", "2025-10-02T02:00:00Z", .asleepDeep),
            ("2025-10-02T03:00:00Z", "2025-10-02T04:00:00Z", .asleepREM),
            ("2025-10-02T04:00:00Z", "2025-10-02T04:10:00Z", .awake),
        ]
        let points = stages.map { point($0.0, $0.1, Double($0.2.rawValue), 0) }
        let buckets = try StatisticsEngine.compute(query, points: points, sources: [watch], priority: [0])
        #expect(buckets.count == 1)
        #expect(abs(buckets[0].duration! - 270) < 1e-9)
        // The same stages recorded twice by two sources still count once.
        let doubled = points + points.map { StatisticsPoint(start: $0.start, end: $0.end, value: $0.value, source: 1) }
        let twice = try StatisticsEngine.compute(
            query, points: doubled.sorted { $0.start < $1.start },
            sources: [watch, phone], priority: [0, 1])
        #expect(abs(twice[0].duration! - 270) < 1e-9)
    }

    @Test("Average is time-weighted for heart rate and arithmetic for body mass")
    func averages() throws {
        let range = try day("2025-10-01T00:00:00Z", "2025-10-02T00:00:00Z", calendar: utc)
        let points = [
            point("2025-10-01T10:00:00Z", "2025-10-01T10:50:00Z", 60, 0),
            point("2025-10-01T10:50:00Z", "2025-10-01T11:00:00Z", 120, 0),
        ]
        let heart = StatisticsQuery(
            type: .heartRate, range: range, interval: .day, calendar: utc,
            options: [.average, .minimum, .maximum, .mostRecent])
        let weighted = try StatisticsEngine.compute(heart, points: points, sources: [watch], priority: [0])[0]
        #expect(abs(weighted.average! - 70) < 1e-9)
        #expect(weighted.minimum == 60 && weighted.maximum == 120 && weighted.mostRecent == 120)
        let mass = StatisticsQuery(type: .bodyMass, range: range, interval: .day, calendar: utc, options: .average)
        let arithmetic = try StatisticsEngine.compute(mass, points: points, sources: [watch], priority: [0])[0]
        #expect(abs(arithmetic.average! - 90) < 1e-9)
    }

    @Test("Options that do not suit the type are clear errors")
    func invalidOptions() throws {
        let range = try day("2025-10-01T00:00:00Z", "2025-10-02T00:00:00Z", calendar: utc)
        for (type, option) in [
            (SampleType.heartRate, StatisticsOptions.sum), (.stepCount, .average),
            (.stepCount, .duration), (.sleepAnalysis, .sum),
        ] {
            let query = StatisticsQuery(type: type, range: range, interval: .day, calendar: utc, options: option)
            #expect(throws: VitalsError.self) {
                try StatisticsEngine.compute(query, points: [], sources: [], priority: [])
            }
        }
    }

    @Test("Week buckets start on Monday; month buckets follow the calendar")
    func calendarBuckets() throws {
        let range = try day("2025-10-01T00:00:00Z", "2025-11-01T00:00:00Z", calendar: utc)
        let weeks = StatisticsEngine.buckets(
            for: StatisticsQuery(
                type: .stepCount, range: range, interval: .week,
                calendar: utc, options: .sum))
        #expect(ISO8601.format(weeks[0].start, in: .gmt) == "2025-09-29T00:00:00Z")
        #expect(weeks.count == 5)
        let months = StatisticsEngine.buckets(
            for: StatisticsQuery(
                type: .stepCount, range: range, interval: .month,
                calendar: utc, options: .sum))
        #expect(months.count == 1 && months[0].duration == 31 * 86_400)
    }
}

@Suite("Statistics engine details")
struct StatisticsEngineDetailTests {
    @Test("One source's heart-rate instants do not shorten another's in a time-weighted average")
    func perSourceHold() throws {
        let utc = Calendar.gregorian(in: .gmt)
        let range = try DateRange(
            start: ISO8601.parse("2025-10-01T10:00:00Z")!, end: ISO8601.parse("2025-10-01T11:00:00Z")!)
        let query = StatisticsQuery(type: .heartRate, range: range, interval: .hour, calendar: utc, options: .average)
        let t0 = range.start.timeIntervalSince1970
        // Source 0 reads 60 at 10:00; source 1 reads 100 at 10:30. Each holds its value to the hour's end.
        let points = [
            StatisticsPoint(start: t0, end: t0, value: 60, source: 0),
            StatisticsPoint(start: t0 + 1800, end: t0 + 1800, value: 100, source: 1),
        ]
        let sources = [Source(name: "A", bundleIdentifier: "a"), Source(name: "B", bundleIdentifier: "b")]
        let result = try StatisticsEngine.compute(query, points: points, sources: sources, priority: [0, 1])
        #expect(abs(result[0].average! - (60.0 * 3600 + 100 * 1800) / 5400) < 1e-9)
    }

    @Test("Buckets without samples have no sum")
    func emptyBuckets() throws {
        let utc = Calendar.gregorian(in: .gmt)
        let range = try DateRange(
            start: ISO8601.parse("2025-10-01T00:00:00Z")!, end: ISO8601.parse("2025-10-03T00:00:00Z")!)
        let query = StatisticsQuery(type: .stepCount, range: range, interval: .day, calendar: utc, options: .sum)
        let t0 = range.start.timeIntervalSince1970
        let result = try StatisticsEngine.compute(
            query, points: [StatisticsPoint(start: t0, end: t0 + 60, value: 5, source: 0)],
            sources: [Source(name: "A", bundleIdentifier: "a")], priority: [0])
        #expect(result.map(\.sum) == [5, nil])
    }
}
