import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsTesting

@testable import VitalsStore

/// Discrete types' weeks, months and whole periods combined from cached days equal the
/// engine's answer from the samples: counts, minimum, maximum and most recent exactly, the
/// average to rounding, for all three discrete styles, across DST, gaps and writes.
@Suite("Daily statistics cache: discrete buckets combined from days")
struct DailyCacheCompositionTests {
    typealias F = CacheFixture

    /// Two sources' readings over `days` days from `start`: instants at random gaps (one
    /// source silent for days at a time), some at the same instant, and intervals, some over midnight.
    static func readings(of type: SampleType, from start: Date, days: Int, seed: UInt64) -> [Sample] {
        var random = SeededGenerator(seed: seed)
        let unit = type.canonicalUnit!
        let base: Double = type == .heartRate ? 60 : type == .bodyMass ? 70 : 65
        var samples: [Sample] = []
        for (sourceIndex, source) in [F.watch, F.phone].enumerated() {
            var t = start.timeIntervalSince1970 + Double.random(in: 0..<3600, using: &random)
            let end = start.timeIntervalSince1970 + Double(days) * 86_400
            while t < end {
                let value = base + Double.random(in: -10...25, using: &random)
                let at = Date(timeIntervalSince1970: t)
                switch Int.random(in: 0..<20, using: &random) {
                case 0:
                    let length = Double.random(in: 600...10_800, using: &random)
                    samples.append(.quantity(type, value, unit, start: at, end: at + length, source: source))
                case 1:
                    samples.append(.quantity(type, value, unit, start: at, source: source))
                    samples.append(.quantity(type, value + 3, unit, start: at, source: source))
                default:
                    samples.append(.quantity(type, value, unit, start: at, source: source))
                }
                // The phone falls silent for up to three days now and then.
                let silent = sourceIndex == 1 && Int.random(in: 0..<40, using: &random) == 0
                t +=
                    silent
                    ? Double.random(in: 86_400...(3 * 86_400), using: &random)
                    : Double.random(in: 300...7_200, using: &random)
            }
        }
        return samples
    }

    /// Expects `composed` to be the engine's `truth`: exact but for the average (relative 1e-9).
    static func expectEqual(
        _ composed: [Statistics], _ truth: [Statistics], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(composed.count == truth.count, "\(label): bucket count", sourceLocation: sourceLocation)
        for (a, b) in zip(composed, truth) {
            var exact = a
            exact.average = b.average
            #expect(exact == b, "\(label): \(b.range)", sourceLocation: sourceLocation)
            switch (a.average, b.average) {
            case (nil, nil): break
            case let (x?, y?):
                #expect(
                    abs(x - y) <= 1e-9 * max(1, abs(y)), "\(label): average \(x) vs \(y)",
                    sourceLocation: sourceLocation)
            default:
                Issue.record(
                    "\(label): average \(String(describing: a.average)) vs \(String(describing: b.average))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Asks `query` of the cached store twice (combining days, then from the filled cache) and of the engine.
    static func check(
        _ pair: CachedStorePair, _ query: StatisticsQuery, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let truth = try await pair.uncached.statistics(query).value
        let first = try await pair.cached.statistics(query).value
        let second = try await pair.cached.statistics(query).value
        expectEqual(first, truth, label + " (filling)", sourceLocation: sourceLocation)
        expectEqual(second, truth, label + " (cached)", sourceLocation: sourceLocation)
    }

    static let everything: StatisticsOptions = [.average, .minimum, .maximum, .mostRecent]

    @Test(
        "Whole periods, runs of days, weeks and months equal the engine's, for every discrete style, across DST",
        arguments: [SampleType.heartRate, .bodyMass, .environmentalAudioExposure])
    func periods(type: SampleType) async throws {
        let pair = try CachedStorePair()
        // 10 October to 20 November 2025 in Berlin: the clocks go back on 26 October.
        let start = F.midnight(2025, 10, 10)
        try await pair.cached.save(Self.readings(of: type, from: start - 86_400, days: 43, seed: 7))
        let days = 41
        let end = F.midnight(2025, 11, 20)
        let whole = StatisticsQuery(
            type: type, range: try DateRange(start: start, end: end), interval: .day,
            intervalCount: days, anchor: start, calendar: F.berlin, options: Self.everything)
        try await Self.check(pair, whole, "whole period")
        #expect(try await pair.cachedDays(type) == days, "the whole period was combined from cached days")
        var threes = whole
        threes.intervalCount = 3
        try await Self.check(pair, threes, "three-day buckets (the last one cut by the range)")
        let weeks = StatisticsQuery(
            type: type, range: whole.range, interval: .week, anchor: F.midnight(2025, 10, 6),
            calendar: F.berlin, options: Self.everything)
        try await Self.check(pair, weeks, "weeks from a Monday before the range")
        let months = StatisticsQuery(
            type: type, range: whole.range, interval: .month, anchor: F.midnight(2025, 1, 1),
            calendar: F.berlin, options: Self.everything)
        try await Self.check(pair, months, "months")
        for options in [StatisticsOptions.average, [.minimum, .maximum], .mostRecent] {
            var some = whole
            some.options = options
            try await Self.check(pair, some, "whole period, \(options)")
        }
    }

    @Test("After writes, deletes and a priority change the combined answer follows the samples")
    func writes() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 20)
        let samples = Self.readings(of: .heartRate, from: start, days: 14, seed: 11)
        try await pair.cached.save(samples)
        let query = StatisticsQuery(
            type: .heartRate, range: try DateRange(start: start, end: start + 14 * 86_400),
            interval: .day, intervalCount: 14, anchor: start, calendar: F.berlin,
            options: Self.everything)
        try await Self.check(pair, query, "before")
        let before = try await pair.cached.statistics(query).value[0]
        // A late reading in an otherwise quiet hour, far above everything else.
        let late = Sample.quantity(
            .heartRate, 190, .countPerMinute, start: start + 5 * 86_400 + 3 * 3600, source: F.phone)
        try await pair.cached.save(late)
        try await Self.check(pair, query, "after a late reading")
        let after = try await pair.cached.statistics(query).value[0]
        #expect(after.maximum == 190 && after.sampleCount == before.sampleCount + 1 && after.average != before.average)
        _ = try await pair.cached.delete([late.uuid] + samples.prefix(40).map(\.uuid))
        try await Self.check(pair, query, "after deletes")
        try await pair.cached.setSourcePriority([F.phone.bundleIdentifier, F.watch.bundleIdentifier], for: .heartRate)
        try await Self.check(pair, query, "after a priority change")
    }

    @Test("Days cached before parts were kept are recomputed when combined; unaligned queries use the samples")
    func legacyRowsAndUnaligned() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(Self.readings(of: .heartRate, from: start, days: 10, seed: 3))
        let daily = try F.daily(.heartRate, from: start, days: 10, options: Self.everything)
        try await pair.check(daily)
        try await pair.cached.database.write { db in try db.execute(sql: "UPDATE daily_statistics SET parts = NULL") }
        let whole = StatisticsQuery(
            type: .heartRate, range: daily.range, interval: .day, intervalCount: 10, anchor: start,
            calendar: F.berlin, options: Self.everything)
        try await Self.check(pair, whole, "from rows without parts")
        let withParts = try await pair.cached.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_statistics WHERE parts IS NOT NULL") ?? 0
        }
        #expect(withParts == 10)
        // The answer really is made of the rows: a tampered day shows through.
        try await pair.cached.database.write { db in
            try db.execute(
                sql: "UPDATE daily_statistics SET maximum = 999 WHERE day_start = ?",
                arguments: [(start + 3 * 86_400).timeIntervalSince1970])
        }
        #expect(try await pair.cached.statistics(whole).value[0].maximum == 999)
        // From 06:00: not whole days, so the engine answers from the samples, bit for bit.
        var unaligned = whole
        unaligned.range = try DateRange(start: start + 6 * 3600, end: whole.range.end)
        unaligned.anchor = unaligned.range.start
        #expect(try await pair.cached.statistics(unaligned).value == pair.uncached.statistics(unaligned).value)
    }

    @Test("Parts survive the column's bytes exactly; bytes they were not written as read as none")
    func partsBytes() {
        let parts = DiscreteParts(
            count: 12, plainSum: 803.25, weight: 86_399.5, weighted: 5.1e6, carried: 2,
            instants: [
                .init(source: 1, first: 1.76e9, lastValue: 61),
                .init(source: -4, first: 1.76e9 + 0.125, lastValue: .nan),
            ])
        let bytes = DailyStatisticsRow.encode(parts)
        let back = DailyStatisticsRow.decode(bytes)
        #expect(back?.count == 12 && back?.carried == 2 && back?.weighted == 5.1e6 && back?.instants.count == 2)
        #expect(back?.instants[1].source == -4 && back?.instants[1].lastValue.isNaN == true)
        #expect(DailyStatisticsRow.decode(bytes.dropLast()) == nil)
        #expect(DailyStatisticsRow.decode(bytes + [0]) == nil)
        #expect(DailyStatisticsRow.decode(Data([2]) + bytes.dropFirst()) == nil)
        #expect(DailyStatisticsRow.decode(Data()) == nil)
    }
}
