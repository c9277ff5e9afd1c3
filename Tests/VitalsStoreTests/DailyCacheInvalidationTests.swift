import Foundation
import GRDB
import Testing
import VitalsCore

@testable import VitalsStore

/// The per-day statistics cache stays exactly right under every kind of write (issue 16).
///
/// Each test fills the cache, changes the data, and expects the cached answer to equal the
/// uncached one and to differ from the answer before the change: without the invalidation
/// under test the cache would serve the old days.
@Suite("Daily statistics cache: invalidation")
struct DailyCacheInvalidationTests {
    typealias F = CacheFixture

    @Test("The cache is filled by a daily query and then read (a tampered row shows through)")
    func cacheIsRead() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 72))
        let query = try F.daily(.stepCount, from: start, days: 3)
        try await pair.check(query)
        #expect(try await pair.cachedDays(.stepCount) == 3)
        try await pair.cached.database.write { db in try db.execute(sql: "UPDATE daily_statistics SET sum = -1") }
        #expect(try await pair.cached.statistics(query).value.map(\.sum) == [-1, -1, -1])
    }

    @Test("A write invalidates the day it lands in, only that day")
    func write() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 72))
        let query = try F.daily(.stepCount, from: start, days: 3)
        let before = try await pair.check(query)
        try await pair.cached.save(
            .quantity(
                .stepCount, 500, .count, start: start + 86_400 + 3_000,
                end: start + 86_400 + 3_100, source: Source(name: "Scale", bundleIdentifier: "x.scale")))
        #expect(try await pair.cachedDays(.stepCount) == 2)
        let after = try await pair.check(query)
        #expect(after[1] != before[1] && after[1].sampleCount == before[1].sampleCount + 1)
        #expect(after[0] == before[0] && after[2] == before[2])
    }

    @Test("A delete invalidates the day the sample was in")
    func delete() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        let samples = F.hourlySteps(from: start, hours: 72)
        try await pair.cached.save(samples)
        let query = try F.daily(.stepCount, from: start, days: 3)
        let before = try await pair.check(query)
        #expect(try await pair.cached.delete([samples[2].uuid]) == 1)  // the watch's 01:00 hour of day 0
        #expect(try await pair.cachedDays(.stepCount) == 2)
        let after = try await pair.check(query)
        #expect(F.sum(after, 0) != F.sum(before, 0))
    }

    @Test("An edit (replace) invalidates the day the sample left and the day it moved to")
    func replace() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        let samples = F.hourlySteps(from: start, hours: 72)
        try await pair.cached.save(samples)
        let query = try F.daily(.stepCount, from: start, days: 3)
        let before = try await pair.check(query)
        let moved = Sample.quantity(
            .stepCount, 999, .count, start: start + 2 * 86_400 + 600, end: start + 2 * 86_400 + 700,
            source: F.watch)
        try await pair.cached.replace(samples[0].uuid, with: moved)
        #expect(try await pair.cachedDays(.stepCount) == 1)
        let after = try await pair.check(query)
        #expect(F.sum(after, 0) != F.sum(before, 0) && F.sum(after, 2) != F.sum(before, 2))
    }

    @Test("Late data: a sample for a day a month ago invalidates that day, not the month between")
    func lateData() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 9, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 40 * 24, base: 10))
        let query = try F.daily(.stepCount, from: start, days: 40)
        let before = try await pair.check(query)
        #expect(try await pair.cachedDays(.stepCount) == 40)
        // One batch: today's new minute and a late one for day 5 (a phone that synced late).
        let late = F.midnight(2025, 9, 6) + 7_200
        let today = F.midnight(2025, 10, 10) + 50_000
        try await pair.cached.save([
            .quantity(
                .stepCount, 77, .count, start: late, end: late + 60,
                source: Source(name: "Ring", bundleIdentifier: "x.ring")),
            .quantity(
                .stepCount, 88, .count, start: today, end: today + 60,
                source: Source(name: "Ring", bundleIdentifier: "x.ring")),
        ])
        let left = try await pair.cachedStarts(.stepCount)
        #expect(left.count == 38)
        #expect(!left.contains(F.midnight(2025, 9, 6).timeIntervalSince1970))
        #expect(!left.contains(F.midnight(2025, 10, 10).timeIntervalSince1970))
        let after = try await pair.check(query)
        #expect(
            after[5].sampleCount == before[5].sampleCount + 1 && after[39].sampleCount == before[39].sampleCount + 1)
        #expect(after[6] == before[6])
    }

    @Test("A sample spanning midnight invalidates both days it touches")
    func spanningMidnight() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 72))
        let query = try F.daily(.stepCount, from: start, days: 3)
        let before = try await pair.check(query)
        let midnight = F.midnight(2025, 10, 2)
        let spanning = Sample.quantity(
            .stepCount, 600, .count, start: midnight - 1_800, end: midnight + 1_800,
            source: Source(name: "Ring", bundleIdentifier: "x.ring"))
        try await pair.cached.save(spanning)
        #expect(try await pair.cachedStarts(.stepCount) == [F.midnight(2025, 10, 3).timeIntervalSince1970])
        let added = try await pair.check(query)
        #expect(F.sum(added, 0) == F.sum(before, 0), "the hours before midnight are covered by the watch")
        #expect(added[0].sampleCount == before[0].sampleCount + 1 && added[1].sampleCount == before[1].sampleCount + 1)
        _ = try await pair.cached.delete([spanning.uuid])
        #expect(try await pair.cachedDays(.stepCount) == 1)
        #expect(try await pair.check(query) == before)
    }

    @Test("A priority change invalidates that type's days only")
    func priorityChange() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 48))
        try await pair.cached.save(
            (0..<48).map {
                Sample.quantity(
                    .heartRate, 60 + Double($0 % 9), .countPerMinute, start: start + Double($0) * 3600, source: F.watch)
            })
        let steps = try F.daily(.stepCount, from: start, days: 2)
        let heart = try F.daily(.heartRate, from: start, days: 2, options: [.average, .maximum])
        let before = try await pair.check(steps)
        try await pair.check(heart)
        try await pair.cached.setSourcePriority(["iPhone"], for: .stepCount)
        #expect(try await pair.cachedDays(.stepCount) == 0)
        #expect(try await pair.cachedDays(.heartRate) == 2)
        let after = try await pair.check(steps)
        #expect(F.sum(after, 0) != F.sum(before, 0))
        try await pair.cached.setSourcePriority([], for: .stepCount)
        #expect(try await pair.check(steps) == before)
    }

    @Test("A source that turns out to be a watch reorders the default priority: every cached day goes")
    func sourceBecomesWatch() async throws {
        let pair = try CachedStorePair()
        let alpha = Source(name: "Alpha", bundleIdentifier: "x.alpha"),
            beta = Source(name: "Beta", bundleIdentifier: "x.beta")
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save([
            .quantity(.stepCount, 100, .count, start: start + 3_600, end: start + 7_200, source: alpha),
            .quantity(.stepCount, 300, .count, start: start + 3_600, end: start + 7_200, source: beta),
        ])
        let query = try F.daily(.stepCount, from: start, days: 3)
        let before = try await pair.check(query)
        #expect(abs(F.sum(before, 0) - 100) < 1e-9, "first seen wins between two unknown sources")
        // Two days later Beta writes from a watch: Beta now outranks Alpha on every day.
        try await pair.cached.save(
            .quantity(
                .stepCount, 5, .count, start: start + 2 * 86_400 + 60, end: start + 2 * 86_400 + 120,
                source: beta, device: Device(name: "Apple Watch", model: "Watch")))
        #expect(try await pair.cachedDays() == 0)
        let after = try await pair.check(query)
        #expect(abs(F.sum(after, 0) - 300) < 1e-9)
    }

    @Test("Bulk writes (imports) invalidate the days they add to")
    func bulkImport() async throws {
        let pair = try CachedStorePair()
        let start = F.midnight(2025, 10, 1)
        try await pair.cached.save(F.hourlySteps(from: start, hours: 72))
        let query = try F.daily(.stepCount, from: start, days: 3)
        let before = try await pair.check(query)
        let dictionary = SampleDictionary()
        let type = dictionary.add(SampleType.stepCount),
            source = dictionary.add(Source(name: "Ring", bundleIdentifier: "x.ring"))
        let extra = try Sample.quantity(
            .stepCount, 40, .count, start: start + 2 * 86_400 + 100, end: start + 2 * 86_400 + 160,
            source: F.phone
        ).validated()
        try await pair.cached.bulkWrite { bulk in
            for minute in 0..<30 {
                let t = start.timeIntervalSince1970 + 86_400 + 100 + Double(minute) * 60
                try bulk.add(
                    PreparedSample(
                        uuid: UUID(), type: type, source: source, version: -1, device: -1, unit: -1,
                        start: t, end: t + 60, value: 50, created: nil, metadataJSON: nil),
                    dictionary: dictionary)
            }
            try bulk.add(extra)
        }
        #expect(try await pair.cachedStarts(.stepCount) == [start.timeIntervalSince1970])
        let after = try await pair.check(query)
        #expect(after[1].sampleCount == before[1].sampleCount + 30 && after[2].sampleCount == before[2].sampleCount + 1)
    }
}
