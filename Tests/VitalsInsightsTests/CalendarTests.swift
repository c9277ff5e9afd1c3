import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Calendar (seed 000)")
struct CalendarTests {
    typealias T = ActivityTestStore

    /// October 2025 with an irregular pattern of sessions, workouts and NoAlc levels from several sources.
    func october() async throws -> T {
        let temp = try T()
        var samples: [Sample] = []
        var generator = SplitMix(seed: 2025)
        for day in 1...31 {
            let date = String(format: "2025-10-%02d", day)
            let zone = day >= 26 ? "+01:00" : "+02:00"
            let mindful = Double(generator.next() % 20)
            if mindful > 2 { samples.append(T.mindful("\(date)T07:00:00\(zone)", minutes: mindful)) }
            let workout = Double(generator.next() % 40)
            if workout > 5 { samples.append(T.workout("\(date)T18:00:00\(zone)", minutes: workout)) }
            let level = generator.next() % 5
            if level < 3 {
                samples.append(
                    T.drinks([0, 0, 4][Int(level)] + (level == 2 && day % 2 == 0 ? 2 : 0), "\(date)T00:00:00\(zone)"))
            }
            if generator.next() % 4 == 0 {
                samples.append(T.mindful("\(date)T12:00:00\(zone)", minutes: 30, source: T.otherApp))
            }
        }
        try await temp.store.save(samples)
        return temp
    }

    @Test(
        "Same Source Principle: the calendar and the streak agree day by day",
        arguments: [(TrackedActivity.mindfulness, false), (.workout, false), (.noalc, false), (.mindfulness, true)])
    func sameSourcePrinciple(activity: TrackedActivity, allSources: Bool) async throws {
        let temp = try await october()
        let goal = activity == .noalc ? nil : 10.0
        let month = try await ActivityCalendar(query: temp.query(allSources: allSources), goalMinutes: 10)
            .month(try YearMonth(parsing: "2025-10"), store: temp.store)
        let counter = try StreakCounter(
            activity: activity, goalMinutes: goal, query: temp.query(allSources: allSources))
        var metDays = 0
        for (index, day) in month.days.enumerated() {
            let met = day.met.contains(activity)
            if met { metDays += 1 }
            // The run of marked days the calendar shows, ending today (or yesterday when today is not marked).
            var run = 0
            var cursor = met ? index : index - 1
            while cursor >= 0, month.days[cursor].met.contains(activity) {
                run += 1
                cursor -= 1
            }
            if activity == .noalc, !met, day.activity.noAlc != nil { run = 0 }
            let evening = day.activity.range.end.addingTimeInterval(-60)
            let streak = try await counter.streak(now: evening, store: temp.store)
            #expect(streak.length == run, "\(day.activity.day)")
            #expect(streak.todayCounted == met, "\(day.activity.day)")
            #expect(
                streak.days.allSatisfy { counted in
                    month.days.contains { $0.activity.day == counted && $0.met.contains(activity) }
                })
        }
        #expect(metDays > 3 && metDays < 31, "the pattern should mix met and unmet days")
    }

    @Test("The month grid starts on the right weekday and marks each day")
    func grid() async throws {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-10-01T07:00:00+02:00", minutes: 10), T.workout("2025-10-01T18:00:00+02:00", minutes: 9),
            T.workout("2025-10-02T18:00:00+02:00", minutes: 30),
        ])
        _ = try await temp.store.logAlcohol(drinks: .none, date: T.at("2025-10-02T12:00:00+02:00"))
        let month = try await ActivityCalendar(query: temp.query()).month(
            try YearMonth(parsing: "2025-10"), store: temp.store)
        #expect(month.days.first?.weekday == .wednesday)
        #expect(month.days[0].met == [.mindfulness])
        #expect(month.days[1].met == [.workout, .noalc])
        #expect(month.days[2].met.isEmpty)
        #expect(month.days[0].activity.workoutMinutes == 9)
    }

    @Test(
        "Months like 2025-13 or 2025-1 are rejected naming the field",
        arguments: ["2025-13", "2025-00", "2025-1", "25-10", "2025/10", "abcd-ef", ""])
    func badMonths(text: String) {
        do {
            _ = try YearMonth(parsing: text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.code == .invalidDate && error.location?.field == "month")
        }
    }

    @Test("February of a leap year has 29 days; December rolls into January")
    func monthDays() throws {
        #expect(try YearMonth(parsing: "2024-02").dayCount == 29)
        #expect(try YearMonth(parsing: "2025-02").dayCount == 28)
        #expect(try YearMonth(parsing: "2025-12").next == YearMonth(year: 2026, month: 1))
    }
}

/// A small deterministic generator, so the calendar pattern is irregular but the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
