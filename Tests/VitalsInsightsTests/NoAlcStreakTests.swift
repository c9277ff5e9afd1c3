import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("NoAlc streaks (seed 000)")
struct NoAlcStreakTests {
    typealias T = ActivityTestStore
    /// Level 0 (written out: in an array of optionals `.none` would mean "not logged").
    static let free = NoAlcLevel.none

    /// Logs levels for consecutive days from 1 Oct 2025 through the app's logging method (`nil`: not logged).
    func store(levels: [NoAlcLevel?]) async throws -> T {
        let temp = try T()
        for (offset, level) in levels.enumerated() {
            guard let level else { continue }
            _ = try await temp.store.logAlcohol(
                drinks: level, date: T.at(String(format: "2025-10-%02dT21:00:00+02:00", offset + 1)))
        }
        return temp
    }

    func streak(_ temp: T, at now: String) async throws -> Streak {
        try await StreakCounter(activity: .noalc, query: temp.query()).streak(now: T.at(now), store: temp.store)
    }

    @Test("Log Alcohol Consumption: levels 0, 4 and 6 at local midnight, as the calendar shows them")
    func logAlcoholConsumption() async throws {
        let temp = try await store(levels: [Self.free, .moderate, .heavy])
        let stored = try await temp.store.samples(of: .numberOfAlcoholicBeverages).value
        #expect(stored.map { $0.quantity?.value } == [0, 4, 6])
        #expect(stored.allSatisfy { $0.quantity?.unit == .count && $0.start == $0.end })
        #expect(stored.map(\.start) == (1...3).map { T.at(String(format: "2025-10-%02dT00:00:00+02:00", $0)) })
        let month = try await ActivityCalendar(query: temp.query()).month(
            try YearMonth(parsing: "2025-10"), store: temp.store)
        #expect(month.days.prefix(4).map(\.activity.noAlc) == [NoAlcLevel.none, .moderate, .heavy, nil])
        #expect(month.days.prefix(4).map { $0.met.contains(.noalc) } == [true, false, false, false])
    }

    @Test("The alcohol-free streak counts consecutive days logged at level 0")
    func consecutiveAlcoholFree() async throws {
        let temp = try await store(levels: [Self.free, Self.free, Self.free, Self.free])
        let streak = try await streak(temp, at: "2025-10-04T22:00:00+02:00")
        #expect(streak.length == 4 && streak.todayCounted && streak.goalMinutes == nil)
    }

    @Test("An unlogged day breaks the alcohol-free streak")
    func unloggedDayBreaks() async throws {
        let temp = try await store(levels: [Self.free, Self.free, nil, Self.free, Self.free])
        #expect(try await streak(temp, at: "2025-10-05T22:00:00+02:00").length == 2)
    }

    @Test("A day at level 4 or 6 breaks the streak", arguments: [NoAlcLevel.moderate, .heavy])
    func drinkingBreaks(level: NoAlcLevel) async throws {
        let temp = try await store(levels: [Self.free, Self.free, level, Self.free])
        #expect(try await streak(temp, at: "2025-10-04T22:00:00+02:00").length == 1)
    }

    @Test("Today not logged yet keeps the streak through yesterday; today logged at 4 ends it")
    func today() async throws {
        let temp = try await store(levels: [Self.free, Self.free, Self.free])
        let pending = try await streak(temp, at: "2025-10-04T09:00:00+02:00")
        #expect(pending.length == 3 && !pending.todayCounted)
        _ = try await temp.store.logAlcohol(drinks: .moderate, date: T.at("2025-10-04T20:00:00+02:00"))
        #expect(try await streak(temp, at: "2025-10-04T21:00:00+02:00").length == 0)
        // Logging the day again replaces the level: back to alcohol-free.
        _ = try await temp.store.logAlcohol(drinks: .none, date: T.at("2025-10-04T22:00:00+02:00"))
        #expect(try await streak(temp, at: "2025-10-04T23:00:00+02:00").length == 4)
    }

    @Test("Another app's entries count only with all sources")
    func otherSources() async throws {
        let temp = try await store(levels: [Self.free, nil, Self.free])
        try await temp.store.save(T.drinks(0, "2025-10-02T00:00:00+02:00", source: T.otherApp))
        #expect(try await streak(temp, at: "2025-10-03T22:00:00+02:00").length == 1)
        let all = try await StreakCounter(activity: .noalc, query: temp.query(allSources: true))
            .streak(now: T.at("2025-10-03T22:00:00+02:00"), store: temp.store)
        #expect(all.length == 3 && all.sourcesAreMixed)
    }
}
