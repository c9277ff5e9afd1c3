import Foundation
import Testing
import VitalsCore
@testable import VitalsStore

@Suite("HealthQuery (seeds 000 and 002)")
struct HealthQueryTests {
    let calendar = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)

    func populated() async throws -> TemporaryStore {
        let temp = try TemporaryStore { $0.calendar = self.calendar }
        let other = Source(name: "Other", bundleIdentifier: "com.other")
        var samples: [Sample] = []
        // 1-5 Oct: 15 min from the app (or its widget); 3 Oct only 5 min; 4 Oct met only by another app.
        for (day, minutes, source) in [(1, 15.0, temp.store.appSource), (2, 15, Source(name: "W", bundleIdentifier: "com.x.app.widget")),
                                       (3, 5, temp.store.appSource), (4, 30, other), (5, 12, temp.store.appSource)] {
            let start = date(String(format: "2025-10-%02dT07:00:00+02:00", day))
            samples.append(.category(.mindfulSession, 0, start: start, end: start.addingTimeInterval(minutes * 60), source: source))
        }
        try await temp.store.save(samples)
        return temp
    }

    @Test("Same Source Principle: the calendar and the streak count the same days")
    func sameSourcePrinciple() async throws {
        let temp = try await populated()
        let query = DailyActivityQuery(type: .mindfulSession, calendar: calendar, sources: .app(bundleIdentifier: "com.x.app"))
        let october = try DateRange.month(10, of: 2025, in: calendar)
        let shown = await query.fetch(from: october.start, to: october.end, store: temp.store)
        #expect(shown.count == 31)
        #expect(shown.prefix(6).map(\.minutes) == [15, 15, 5, 0, 12, 0])
        let counter = try StreakCounter(query: query, goalMinutes: 10)
        // On 5 Oct (met): 5 Oct counts, 4 Oct was only met by another app, so the streak is 1.
        #expect(await counter.currentStreak(now: date("2025-10-05T20:00:00+02:00"), store: temp.store) == 1)
        // On 6 Oct (not yet met): today does not break the streak through yesterday.
        #expect(await counter.currentStreak(now: date("2025-10-06T08:00:00+02:00"), store: temp.store) == 1)
        #expect(await counter.currentStreak(now: date("2025-10-02T20:00:00+02:00"), store: temp.store) == 2)
        // Each day the streak counted is a day the calendar shows as met.
        let met = shown.filter { $0.minutes >= 10 }.map(\.day.start)
        #expect(met.contains(date("2025-10-05T00:00:00+02:00")))
        #expect(!met.contains(date("2025-10-04T00:00:00+02:00")))
        let everyone = DailyActivityQuery(type: .mindfulSession, calendar: calendar, sources: .all)
        #expect(everyone.predicate(from: october.start, to: october.end).sources.mayMixSources)
        let all = await everyone.fetch(from: october.start, to: october.end, store: temp.store)
        #expect(all[3].minutes == 30)
    }

    @Test("A goal of zero minutes is rejected")
    func badGoal() {
        let query = DailyActivityQuery(type: .mindfulSession, calendar: calendar, sources: .all)
        #expect(throws: VitalsError.self) { try StreakCounter(query: query, goalMinutes: 0) }
    }
}
