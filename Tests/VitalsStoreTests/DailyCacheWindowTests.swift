import Foundation
import GRDB
import Testing
import VitalsCore

@testable import VitalsStore

/// One window's statistics (an overnight heart rate: a year bucket anchored at a night's start)
/// kept in the per-day cache as a row of its own, exactly right under writes.
@Suite("Daily statistics cache: windows")
struct DailyCacheWindowTests {
    typealias F = CacheFixture

    /// Heart rate every 5 minutes from the watch and, 2 minutes later, the phone, over `hours` from `start`.
    static func heartRates(from start: Date, hours: Int) -> [Sample] {
        (0..<(hours * 12)).flatMap { step -> [Sample] in
            let t = start + Double(step) * 300
            return [
                .quantity(.heartRate, 50 + Double(step % 9), .countPerMinute, start: t, source: F.watch),
                .quantity(.heartRate, 54 + Double(step % 7), .countPerMinute, start: t + 120, source: F.phone),
            ]
        }
    }

    /// The overnight query of `[start, end)`, as the insights engine asks it.
    static func window(_ start: Date, _ end: Date) throws -> StatisticsQuery {
        StatisticsQuery(
            type: .heartRate, range: try DateRange(start: start, end: end), interval: .year, anchor: start,
            calendar: F.berlin, options: .average)
    }

    /// The night of 1-2 October 2025 from 23:17:41 to 06:52:09, Berlin.
    static let night = (
        start: F.midnight(2025, 10, 1) + 23 * 3600 + 17 * 60 + 41, end: F.midnight(2025, 10, 2) + 24_729
    )

    @Test("A window is answered as the engine answers it, kept as one row under its own instants, then read")
    func keptAndRead() async throws {
        let pair = try CachedStorePair()
        try await pair.cached.save(Self.heartRates(from: F.midnight(2025, 10, 1) + 20 * 3600, hours: 14))
        let query = try Self.window(Self.night.start, Self.night.end)
        #expect(DailyCachePlan.usesCache(query))
        let answer = try await pair.check(query)
        #expect(answer.count == 1 && answer[0].average != nil && answer[0].sampleCount > 100)
        #expect(try await pair.cachedStarts(.heartRate) == [Self.night.start.timeIntervalSince1970])
        // The row is what answers: a tampered average shows through.
        try await pair.cached.database.write { db in try db.execute(sql: "UPDATE daily_statistics SET average = -1") }
        #expect(try await pair.cached.statistics(query).value.first?.average == -1)
    }

    @Test("A reading written inside the window replaces its row; one before or after it leaves the row")
    func invalidation() async throws {
        let pair = try CachedStorePair()
        try await pair.cached.save(Self.heartRates(from: F.midnight(2025, 10, 1) + 20 * 3600, hours: 14))
        let query = try Self.window(Self.night.start, Self.night.end)
        let before = try await pair.check(query)
        let other = Source(name: "Chest strap", bundleIdentifier: "x.strap")
        // Outside the window (an hour before it, an hour after it): the row stays, the answer too.
        try await pair.cached.save([
            .quantity(.heartRate, 120, .countPerMinute, start: Self.night.start - 3600, source: other),
            .quantity(.heartRate, 120, .countPerMinute, start: Self.night.end + 3600, source: other),
        ])
        #expect(try await pair.cachedDays(.heartRate) == 1)
        #expect(try await pair.check(query) == before)
        // Inside it: the row goes and the new answer counts the reading.
        try await pair.cached.save(
            .quantity(.heartRate, 140, .countPerMinute, start: Self.night.start + 7200, source: other))
        #expect(try await pair.cachedDays(.heartRate) == 0)
        let after = try await pair.check(query)
        #expect(after[0].sampleCount == before[0].sampleCount + 1 && after[0].average != before[0].average)
    }

    @Test("A window that starts at midnight is not that day's row, and longer windows or other anchors are not kept")
    func apartFromDays() async throws {
        let pair = try CachedStorePair()
        let midnight = F.midnight(2025, 10, 2)
        try await pair.cached.save(Self.heartRates(from: midnight - 4 * 3600, hours: 36))
        let day = try F.daily(.heartRate, from: midnight, days: 1, options: .average)
        let dayAnswer = try await pair.check(day)
        let window = try Self.window(midnight, midnight + 6 * 3600)
        let windowAnswer = try await pair.check(window)
        #expect(dayAnswer[0].average != windowAnswer[0].average)
        #expect(try await pair.cachedDays(.heartRate) == 2)
        #expect(try await pair.check(day) == dayAnswer)
        #expect(try await pair.check(window) == windowAnswer)

        // Not windows: longer than 27 hours, or anchored elsewhere than the range's start.
        #expect(!DailyCachePlan.isWindow(try Self.window(midnight, midnight + 28 * 3600)))
        var shifted = try Self.window(midnight + 600, midnight + 6 * 3600)
        shifted.anchor = midnight
        #expect(!DailyCachePlan.isWindow(shifted))
        try await pair.check(shifted)
        #expect(try await pair.cachedDays(.heartRate) == 2)
    }
}
