import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Streaks (seed 000)")
struct StreakTests {
    typealias T = ActivityTestStore

    /// Mindful minutes on 1-10 Oct 2025 at 07:00 Berlin (0 = nothing that day).
    func store(minutes: [Double], startDay: Int = 1) async throws -> T {
        let temp = try T()
        var samples: [Sample] = []
        for (offset, value) in minutes.enumerated() where value > 0 {
            samples.append(T.mindful(String(format: "2025-10-%02dT07:00:00+02:00", startDay + offset), minutes: value))
        }
        try await temp.store.save(samples)
        return temp
    }

    func streak(
        _ temp: T, _ activity: TrackedActivity = .mindfulness, goal: Double? = nil, at now: String,
        allSources: Bool = false
    ) async throws -> Streak {
        try await StreakCounter(activity: activity, goalMinutes: goal, query: temp.query(allSources: allSources))
            .streak(now: T.at(now), store: temp.store)
    }

    @Test("Today met counts, together with the days before it")
    func todayMet() async throws {
        let temp = try await store(minutes: [10, 12, 15])
        let streak = try await streak(temp, at: "2025-10-03T20:00:00+02:00")
        #expect(streak.length == 3 && streak.todayCounted)
        #expect(streak.days == [T.day("2025-10-03"), T.day("2025-10-02"), T.day("2025-10-01")])
    }

    @Test("Today unmet does not break a streak that ran through yesterday")
    func todayUnmet() async throws {
        let temp = try await store(minutes: [10, 12, 15, 4])
        let streak = try await streak(temp, at: "2025-10-04T20:00:00+02:00")
        #expect(streak.length == 3 && !streak.todayCounted)
        #expect(streak.today == T.day("2025-10-04"))
    }

    @Test("A gap day breaks the streak; a day just under the goal is a gap too")
    func gapDay() async throws {
        let temp = try await store(minutes: [10, 10, 0, 10, 10, 9.9, 10])
        #expect(try await streak(temp, at: "2025-10-05T21:00:00+02:00").length == 2)
        #expect(try await streak(temp, at: "2025-10-07T21:00:00+02:00").length == 1)
        // Yesterday unmet and today unmet: nothing.
        #expect(try await streak(temp, at: "2025-10-09T21:00:00+02:00").length == 0)
    }

    @Test("The goal is configurable: the same days give longer streaks for smaller goals")
    func configurableGoal() async throws {
        let temp = try await store(minutes: [20, 20, 12, 20])
        #expect(try await streak(temp, goal: 10, at: "2025-10-04T21:00:00+02:00").length == 4)
        #expect(try await streak(temp, goal: 15, at: "2025-10-04T21:00:00+02:00").length == 1)
        #expect(try await streak(temp, goal: 25, at: "2025-10-04T21:00:00+02:00").length == 0)
    }

    @Test("A streak runs across both DST days (23 and 25 hours) without a gap")
    func dstDays() async throws {
        let temp = try T()
        var samples: [Sample] = []
        for day in 24...28 {
            samples.append(T.mindful(String(format: "2025-10-%02dT23:30:00+01:00", day), minutes: 10))
        }
        for day in 28...31 {
            samples.append(T.mindful(String(format: "2025-03-%02dT00:15:00+01:00", day), minutes: 10))
        }
        try await temp.store.save(samples)
        // 24 and 25 Oct at 23:30+01:00 are 00:30 CEST the next day: 25...28 Oct count.
        #expect(try await streak(temp, at: "2025-10-28T23:59:00+01:00").length == 4)
        // 30 Mar has 23 hours; 31 Mar at 00:15+01:00 is 01:15 CEST.
        #expect(try await streak(temp, at: "2025-03-31T12:00:00+02:00").length == 4)
    }

    @Test("Time-zone change: after flying to New York the streak keeps the days lived in Berlin")
    func timeZoneChange() async throws {
        let temp = try T()
        // 1-3 Oct in Berlin at 07:00 (01:00 in New York), through the app, which records the zone.
        for day in 1...3 {
            let start = T.at(String(format: "2025-10-%02dT07:00:00+02:00", day))
            _ = try await temp.store.logMindfulness(start: start, end: start.addingTimeInterval(600))
        }
        // 4-5 Oct in New York at 23:00 (05:00 the next day in Berlin).
        let newYorkStore = try temp.reopen(zone: "America/New_York")
        for day in 4...5 {
            let start = T.at(String(format: "2025-10-%02dT23:00:00-04:00", day))
            _ = try await newYorkStore.logMindfulness(start: start, end: start.addingTimeInterval(600))
        }
        let newYork = newYorkStore.configuration.calendar
        let counter = try StreakCounter(activity: .mindfulness, query: temp.query(calendar: newYork))
        let streak = try await counter.streak(now: T.at("2025-10-05T23:30:00-04:00"), store: newYorkStore)
        #expect(streak.length == 5)
        #expect(streak.days.last == T.day("2025-10-01") && streak.days.first == T.day("2025-10-05"))
        // Back home on 6 Oct (Berlin), 5 Oct still counts as 5 Oct: the streak through yesterday is 5.
        let home = try StreakCounter(activity: .mindfulness, query: temp.query())
        #expect(try await home.streak(now: T.at("2025-10-06T20:00:00+02:00"), store: temp.store).length == 5)
    }

    @Test("Mixed sources: other apps count only when asked for, and then the streak says so")
    func mixedSources() async throws {
        let temp = try await store(minutes: [10, 0, 10])
        try await temp.store.save(T.mindful("2025-10-02T09:00:00+02:00", minutes: 30, source: T.otherApp))
        let mine = try await streak(temp, at: "2025-10-03T21:00:00+02:00")
        #expect(mine.length == 1 && !mine.sourcesAreMixed)
        let everyone = try await streak(temp, at: "2025-10-03T21:00:00+02:00", allSources: true)
        #expect(everyone.length == 3 && everyone.sourcesAreMixed)
    }

    @Test("Workout streaks count workout minutes the same way")
    func workoutStreak() async throws {
        let temp = try T()
        try await temp.store.save([
            T.workout("2025-10-01T18:00:00+02:00", minutes: 25), T.workout("2025-10-02T18:00:00+02:00", minutes: 20),
            T.workout("2025-10-03T18:00:00+02:00", minutes: 10), T.mindful("2025-10-03T07:00:00+02:00", minutes: 30),
        ])
        #expect(try await streak(temp, .workout, goal: 20, at: "2025-10-03T21:00:00+02:00").length == 2)
        #expect(try await streak(temp, .workout, goal: 10, at: "2025-10-03T21:00:00+02:00").length == 3)
    }

    @Test("Cached Data Refresh: logging a session updates the streak at once")
    func cachedDataRefresh() async throws {
        let temp = try await store(minutes: [10, 10])
        let counter = try StreakCounter(activity: .mindfulness, query: temp.query())
        let now = T.at("2025-10-03T21:00:00+02:00")
        let before = try await counter.streak(now: now, store: temp.store)
        #expect(before.length == 2 && !before.todayCounted)
        _ = try await temp.store.logMindfulness(
            start: T.at("2025-10-03T20:00:00+02:00"), end: T.at("2025-10-03T20:10:00+02:00"))
        let after = try await counter.streak(now: now, store: temp.store)
        #expect(after.length == 3 && after.todayCounted)
    }

    @Test("A long streak is followed back across several query windows")
    func longStreak() async throws {
        let temp = try T()
        let start = T.day("2025-01-01")
        var samples: [Sample] = []
        for offset in 0..<100 {
            samples.append(
                .category(
                    .mindfulSession, 0,
                    start: start.adding(days: offset).start(in: temp.calendar).addingTimeInterval(3600),
                    end: start.adding(days: offset).start(in: temp.calendar).addingTimeInterval(4200), source: T.app))
        }
        try await temp.store.save(samples)
        let now = start.adding(days: 99).start(in: temp.calendar).addingTimeInterval(80_000)
        let streak = try await StreakCounter(activity: .mindfulness, query: temp.query()).streak(
            now: now, store: temp.store)
        #expect(streak.length == 100)
    }

    @Test(
        "Goals of zero or less, or not a number, are rejected naming the field; noalc takes no goal",
        arguments: [0.0, -5, .nan, .infinity])
    func badGoals(goal: Double) throws {
        let temp = try T()
        #expect(throws: VitalsError.self) {
            try StreakCounter(activity: .mindfulness, goalMinutes: goal, query: temp.query())
        }
        do {
            _ = try ActivityCalendar(query: temp.query(), goalMinutes: goal)
            Issue.record("a goal of \(goal) was accepted")
        } catch {
            #expect(error.code == .invalidValue && error.location?.field == "goalMinutes")
        }
        #expect(throws: VitalsError.self) { try StreakCounter(activity: .noalc, goalMinutes: 10, query: temp.query()) }
    }

    @Test("Unknown activity names are rejected naming the field")
    func unknownActivity() {
        #expect(
            throws: VitalsError(
                .invalidInput, "'running' is not an activity; use one of mindfulness, workout, noalc",
                at: InputLocation(field: "activity"))
        ) {
            try TrackedActivity(name: "running")
        }
        #expect((try? TrackedActivity(name: "NoAlc")) == .noalc)
    }
}
