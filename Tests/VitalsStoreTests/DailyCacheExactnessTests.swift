import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsTesting

@testable import VitalsStore

/// Cached daily statistics equal the engine's answer bit for bit: time zones, DST days,
/// discrete and category types, random data and writes, and a write racing a cache fill.
@Suite("Daily statistics cache: exact answers")
struct DailyCacheExactnessTests {
    typealias F = CacheFixture

    @Test("Two time zones are different days: each cached, each exact, both invalidated by one write")
    func timeZones() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start - 86_400, hours: 24 * 6))
        let berlin = try F.daily(.stepCount, from: start, days: 3)
        let newYork = try F.daily(.stepCount, from: F.midnight(2025, 10, 1, in: F.newYork), days: 3, in: F.newYork)
        let berlinBefore = try await pair.check(berlin)
        let newYorkBefore = try await pair.check(newYork)
        #expect(berlinBefore != newYorkBefore)
        #expect(try await pair.cachedDays(.stepCount) == 6)
        // 2 October 03:00 in Berlin is 1 October 21:00 in New York: a different day in each zone.
        let at = F.midnight(2025, 10, 2) + 3 * 3600
        try await pair.cached.save(.quantity(.stepCount, 5, .count, start: at, end: at + 60, source: F.phone))
        #expect(try await pair.cachedDays(.stepCount) == 4)
        let berlinAfter = try await pair.check(berlin)
        let newYorkAfter = try await pair.check(newYork)
        #expect(berlinAfter[1].sampleCount == berlinBefore[1].sampleCount + 1)
        #expect(newYorkAfter[0].sampleCount == newYorkBefore[0].sampleCount + 1)
    }

    @Test("DST days are 23 and 25 hours long, cached as such, and exact")
    func dstDays() async throws {
        let pair = try CachedStorePair()
        for (month, day) in [(3, 30), (10, 26)] {
            let start = F.midnight(2025, month, day - 1)
            try await pair.cached.save(F.hourlySteps(from: start, hours: 72))
            let query = try F.daily(.stepCount, from: start, days: 3)
            let before = try await pair.check(query)
            #expect(before[1].range.duration == (month == 3 ? 23 : 25) * 3600)
            // The hour that exists twice (or the one after the skipped one), 02:30 local.
            let odd = F.midnight(2025, month, day) + 2.5 * 3600
            try await pair.cached.save(.quantity(.stepCount, 9, .count, start: odd, end: odd + 60, source: F.phone))
            let after = try await pair.check(query)
            #expect(after[1].sampleCount == before[1].sampleCount + 1 && after[0] == before[0] && after[2] == before[2])
        }
        let durations = try await pair.cached.database.read { db in
            try Double.fetchAll(db, sql: "SELECT day_end - day_start FROM daily_statistics ORDER BY day_start")
        }
        #expect(durations == [86_400, 82_800, 86_400, 86_400, 90_000, 86_400])
    }

    @Test("Discrete and category types: every option read from one row, each exact")
    func discreteAndCategory() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        var samples: [Sample] = []
        for minute in stride(from: 0, to: 3 * 1440, by: 7) {
            let t = start + Double(minute) * 60
            samples.append(.quantity(.heartRate, 55 + Double(minute % 40), .countPerMinute, start: t, source: F.watch))
            samples.append(
                .quantity(.heartRate, 60 + Double(minute % 30), .countPerMinute, start: t + 20, source: F.phone))
        }
        samples.append(.quantity(.bodyMass, 71.5, .kilogram, start: start + 30_000, source: F.phone))
        samples.append(.quantity(.bodyMass, 71.2, .kilogram, start: start + 40_000, source: F.phone))
        samples.append(
            .category(
                .sleepAnalysis, SleepAnalysisValue.asleepCore.rawValue, start: start - 7_200,
                end: start + 20_000, source: F.watch))
        samples.append(
            .category(
                .sleepAnalysis, SleepAnalysisValue.inBed.rawValue, start: start - 9_000,
                end: start + 25_000, source: F.phone))
        try await pair.cached.save(samples)
        let optionSets: [StatisticsOptions] = [
            .average, [.minimum, .maximum], .mostRecent, [.average, .minimum, .maximum, .mostRecent],
        ]
        for options in optionSets {
            try await pair.check(try F.daily(.heartRate, from: start, days: 3, options: options))
            try await pair.check(try F.daily(.bodyMass, from: start, days: 3, options: options))
        }
        #expect(try await pair.cachedDays(.heartRate) == 3)
        try await pair.check(try F.daily(.sleepAnalysis, from: start - 86_400, days: 2, options: .duration))
        var inBed = try F.daily(.sleepAnalysis, from: start - 86_400, days: 2, options: .duration)
        inBed.categoryValues = [SleepAnalysisValue.inBed.rawValue]
        let bed = try await pair.check(inBed)
        #expect(bed[1].duration != nil)
        #expect(try await pair.cachedDays(.sleepAnalysis) == 4, "asleep and in-bed are different rows")
        let watchOnly = try F.daily(
            .heartRate, from: start, days: 3, options: .average,
            sources: .source(bundleIdentifier: F.watch.bundleIdentifier))
        try await pair.check(watchOnly)
        #expect(try await pair.cachedDays(.heartRate) == 6, "a source filter is its own rows")
    }

    @Test("Hourly, per-source and cut-off buckets are computed, not cached, and still exact")
    func notCached() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 72))
        var hourly = try F.daily(.stepCount, from: start, days: 1)
        hourly.interval = .hour
        try await pair.check(hourly)
        var bySource = try F.daily(.stepCount, from: start, days: 3)
        bySource.options = [.sum, .separateBySource]
        try await pair.check(bySource)
        #expect(try await pair.cachedDays() == 0)
        var cut = try F.daily(.stepCount, from: start, days: 3)
        cut.range = try DateRange(start: start + 6 * 3600, end: start + 2 * 86_400 + 18 * 3600)
        let answer = try await pair.check(cut)
        #expect(answer.count == 3)
        #expect(try await pair.cachedStarts(.stepCount) == [start.timeIntervalSince1970 + 86_400])
        try await pair.check(cut)
    }

    @Test("A write that lands between a cache fill's read and its store keeps the stale days out")
    func writeRacesFill() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 48))
        let query = try F.daily(.stepCount, from: start, days: 2)
        let answer = try await pair.cached.read { db in try StatisticsLoader(db).cachedStatistics(query) }
        #expect(answer.result.computed.count == 2)
        try await pair.cached.save(
            .quantity(.stepCount, 5, .count, start: start + 100, end: start + 160, source: F.phone))
        let stored = try await pair.cached.database.write { db in
            try DailyStatisticsCache(db).store(
                answer.result.computed, variant: answer.variant, typeID: answer.typeID!,
                ifEpoch: answer.epoch)
        }
        #expect(!stored)
        #expect(try await pair.cachedDays() == 0)
        let fresh = try await pair.check(query)
        #expect(fresh[0].sampleCount == answer.result.statistics[0].sampleCount + 1)
    }

    @Test("Random samples, sources, writes and deletes: the cached answer always equals the engine's")
    func randomized() async throws {
        let pair = try CachedStorePair()
        var generator = SeededGenerator(seed: 16)
        let origin = F.midnight(2025, 10, 20)  // spans the end of DST on 26 October
        let sources = [
            F.watch, F.phone, Source(name: "Ring", bundleIdentifier: "x.ring"),
            Source(name: "Scale", bundleIdentifier: "x.scale"),
        ]
        func randomSamples(_ count: Int) -> [Sample] {
            (0..<count).map { _ -> Sample in
                let source = sources[Int.random(in: 0..<sources.count, using: &generator)]
                let start = origin + Double.random(in: 0..<(12 * 86_400), using: &generator).rounded()
                if Bool.random(using: &generator) {
                    let length = [0, 60, 600, 3_600, 30_000, 100_000][Int.random(in: 0..<6, using: &generator)]
                    return .quantity(
                        .stepCount, Double(Int.random(in: 0..<500, using: &generator)), .count,
                        start: start, end: start + Double(length), source: source)
                }
                return .quantity(
                    .heartRate, Double(Int.random(in: 40..<180, using: &generator)), .countPerMinute,
                    start: start, source: source)
            }
        }
        var stored = randomSamples(600)
        try await pair.cached.save(stored)
        for round in 0..<6 {
            let cases: [(SampleType, StatisticsOptions)] = [
                (.stepCount, .sum), (.heartRate, [.average, .minimum, .maximum, .mostRecent]),
            ]
            for (type, options) in cases {
                let first = Int.random(in: 0..<6, using: &generator)
                try await pair.check(
                    try F.daily(type, from: origin + Double(first) * 86_400, days: 4, options: options))
                var query = try F.daily(type, from: origin, days: 12, options: options)
                query.range = try DateRange(start: origin + 3_600 * Double(round), end: query.range.end)
                try await pair.check(query)
            }
            let doomed = stride(from: round, to: stored.count, by: 25).map { stored[$0].uuid }
            _ = try await pair.cached.delete(doomed)
            stored.removeAll { doomed.contains($0.uuid) }
            let added = randomSamples(40)
            try await pair.cached.save(added)
            stored += added
        }
    }
}
