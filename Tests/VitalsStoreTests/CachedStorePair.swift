import Foundation
import GRDB
import Testing
import VitalsCore

@testable import VitalsStore

/// One store file opened twice: with the per-day statistics cache, and with it bypassed.
///
/// Both have the in-memory answer cache off, so every answer of ``cached`` goes through the
/// `daily_statistics` table and every answer of ``uncached`` is the engine's over the samples.
struct CachedStorePair {
    let temporary: TemporaryStore
    let uncached: SQLiteHealthStore

    var cached: SQLiteHealthStore { temporary.store }

    init() throws {
        temporary = try TemporaryStore { $0.cacheCapacity = 0 }
        uncached = try temporary.reopen { $0.cachesDailyStatistics = false }
    }

    /// Asks `query` twice through the cache (filling it, then reading it) and once uncached;
    /// expects all three to be equal and returns the answer.
    @discardableResult
    func check(_ query: StatisticsQuery, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [Statistics]
    {
        let first = try await cached.statistics(query).value
        let second = try await cached.statistics(query).value
        let truth = try await uncached.statistics(query).value
        #expect(first == truth, "filling the cache", sourceLocation: sourceLocation)
        #expect(second == truth, "read from the cache", sourceLocation: sourceLocation)
        return truth
    }

    /// How many cached days the file holds, for `type` or for every type.
    func cachedDays(_ type: SampleType? = nil) async throws -> Int {
        try await cached.database.read { db in
            if let type {
                return try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM daily_statistics d JOIN types t ON t.id = d.type_id WHERE t.identifier = ?
                        """, arguments: [type.identifier]) ?? 0
            }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_statistics") ?? 0
        }
    }

    /// The start instants (seconds since 1970) of the cached days of `type`.
    func cachedStarts(_ type: SampleType) async throws -> Set<Double> {
        try await cached.database.read { db in
            Set(
                try Double.fetchAll(
                    db,
                    sql: """
                        SELECT d.day_start FROM daily_statistics d JOIN types t ON t.id = d.type_id WHERE t.identifier = ?
                        """, arguments: [type.identifier]))
        }
    }
}

/// Calendars and helpers for the cache tests.
enum CacheFixture {
    static let berlin = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)
    static let newYork = Calendar.gregorian(in: TimeZone(identifier: "America/New_York")!)
    static let watch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")
    static let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.phone")

    /// Local midnight of `year-month-day` in `calendar`.
    static func midnight(_ year: Int, _ month: Int, _ day: Int, in calendar: Calendar = berlin) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// A daily query over `days` days from local midnight of `start`.
    static func daily(
        _ type: SampleType, from start: Date, days: Int, in calendar: Calendar = berlin,
        options: StatisticsOptions = .sum, sources: SourceFilter = .all
    ) throws -> StatisticsQuery {
        let end = calendar.date(byAdding: .day, value: days, to: start)!
        return StatisticsQuery(
            type: type, range: try DateRange(start: start, end: end), interval: .day,
            calendar: calendar, options: options, sources: sources)
    }

    /// Hourly steps from the watch and, 30 minutes later, the phone, over `hours` hours from `start`.
    static func hourlySteps(from start: Date, hours: Int, base: Double = 100) -> [Sample] {
        (0..<hours).flatMap { hour -> [Sample] in
            let t = start + Double(hour) * 3600
            return [
                .quantity(.stepCount, base + Double(hour % 7), .count, start: t, end: t + 3600, source: watch),
                .quantity(
                    .stepCount, base * 1.5 + Double(hour % 5), .count, start: t + 1800, end: t + 5400, source: phone),
            ]
        }
    }

    /// The sum of day `index` of an answer, or 0.
    static func sum(_ answer: [Statistics], _ index: Int) -> Double { answer[index].sum ?? 0 }
}
