import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Daily activity query (seed 000)")
struct DailyActivityQueryTests {
    typealias T = ActivityTestStore

    @Test("Monthly Query Range: October is Oct 1 00:00 to Nov 1 00:00 and holds every October sample")
    func monthlyQueryRange() async throws {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-09-30T23:59:00+02:00", minutes: 30),
            T.mindful("2025-10-01T00:00:00+02:00", minutes: 11),
            T.mindful("2025-10-31T23:59:00+01:00", minutes: 12),
            T.mindful("2025-11-01T00:00:00+01:00", minutes: 40),
        ])
        let october = try YearMonth(parsing: "2025-10")
        let range = october.range(in: temp.calendar)
        #expect(range.start == T.at("2025-10-01T00:00:00+02:00"))
        #expect(range.end == T.at("2025-11-01T00:00:00+01:00"))
        let report = try await temp.query().report(days: october.days, store: temp.store)
        #expect(report.days.count == 31)
        #expect(report.days.first?.range.start == range.start && report.days.last?.range.end == range.end)
        #expect(report.days.first?.mindfulnessMinutes == 11)
        #expect(report.days.last?.mindfulnessMinutes == 12)
        #expect(report.days.compactMap(\.mindfulnessMinutes).reduce(0, +) == 23)
        let month = try await ActivityCalendar(query: temp.query()).month(october, store: temp.store)
        #expect(month.range == range && month.days.count == 31)
    }

    @Test("strictStartDate Exclusive End: a session starting at midnight belongs to the next day only")
    func strictStartDateExclusiveEnd() async throws {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-10-01T23:50:00+02:00", minutes: 30),  // runs past midnight: all on Oct 1
            T.mindful("2025-10-02T00:00:00+02:00", minutes: 15),
        ])
        let days = try await temp.query().report(days: T.day("2025-10-01")...T.day("2025-10-02"), store: temp.store)
            .days
        #expect(days.map(\.mindfulnessMinutes) == [30, 15])
        let viaFetch = await temp.query().fetch(
            from: T.at("2025-10-01T00:00:00+02:00"), to: T.at("2025-10-02T00:00:00+02:00"),
            store: temp.store)
        #expect(viaFetch.map(\.day) == [T.day("2025-10-01")])
        #expect(viaFetch.first?.mindfulnessMinutes == 30)
    }

    @Test("Today's Data Query: today is 00:00 to tomorrow 00:00 and includes what was logged today")
    func todaysDataQuery() async throws {
        let temp = try T()
        let now = T.at("2025-10-07T18:30:00+02:00")
        _ = try await temp.store.logMindfulness(start: now.addingTimeInterval(-1200), end: now.addingTimeInterval(-600))
        _ = try await temp.store.logWorkout(
            start: T.at("2025-10-06T23:00:00+02:00"), end: T.at("2025-10-06T23:45:00+02:00"))
        let today = LocalDate(containing: now, in: temp.calendar)
        let report = try await temp.query().report(days: today...today, store: temp.store)
        let day = try #require(report.days.first)
        #expect(day.range.start == T.at("2025-10-07T00:00:00+02:00"))
        #expect(day.range.end == T.at("2025-10-08T00:00:00+02:00"))
        #expect(day.mindfulnessMinutes == 10)
        #expect(day.workoutMinutes == 0)
        #expect(day.noAlc == nil)
    }

    @Test("App Source Filter and Source Filter Includes Extensions: app, widget and watch count; other apps do not")
    func appSourceFilter() async throws {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-10-01T07:00:00+02:00", minutes: 5),
            T.mindful("2025-10-01T12:00:00+02:00", minutes: 6, source: T.widget),
            T.mindful("2025-10-01T20:00:00+02:00", minutes: 7, source: T.watch),
            T.mindful("2025-10-01T21:00:00+02:00", minutes: 50, source: T.otherApp),
            T.workout("2025-10-01T08:00:00+02:00", minutes: 40, source: T.appleWatch),
        ])
        let day = T.day("2025-10-01")
        let mine = try await temp.query().report(days: day...day, store: temp.store)
        #expect(mine.days[0].mindfulnessMinutes == 18)
        #expect(mine.days[0].workoutMinutes == 0)
        #expect(!mine.sourcesAreMixed)
        #expect(Set(mine.sources.map(\.bundleIdentifier)) == [T.app, T.widget, T.watch].map(\.bundleIdentifier).asSet)
    }

    @Test("Unfiltered External Query: every source counts and the report says the sources are mixed")
    func unfilteredExternalQuery() async throws {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-10-01T07:00:00+02:00", minutes: 5),
            T.mindful("2025-10-01T21:00:00+02:00", minutes: 50, source: T.otherApp),
            T.workout("2025-10-01T08:00:00+02:00", minutes: 40, source: T.appleWatch),
        ])
        let day = T.day("2025-10-01")
        let all = try await temp.query(allSources: true).report(days: day...day, store: temp.store)
        #expect(all.sourcesAreMixed)
        #expect(all.days[0].mindfulnessMinutes == 55 && all.days[0].workoutMinutes == 40)
        #expect(all.sources.count == 3)
    }

    @Test("A DST day is 25 hours long, and a session late that evening still counts for it")
    func dstDay() async throws {
        let temp = try T()
        try await temp.store.save([
            T.mindful("2025-10-26T00:30:00+02:00", minutes: 10),  // before the clocks go back
            T.mindful("2025-10-26T23:30:00+01:00", minutes: 10),
            T.mindful("2025-03-30T23:30:00+02:00", minutes: 10),  // the 23-hour day in spring
        ])
        let autumn = try await temp.query().report(days: T.day("2025-10-26")...T.day("2025-10-27"), store: temp.store)
        #expect(autumn.days[0].range.duration == 25 * 3600)
        #expect(autumn.days.map(\.mindfulnessMinutes) == [20, 0])
        let spring = try await temp.query().report(days: T.day("2025-03-30")...T.day("2025-03-30"), store: temp.store)
        #expect(spring.days[0].range.duration == 23 * 3600)
        #expect(spring.days[0].mindfulnessMinutes == 10)
    }

    @Test("Time-zone change: a sample keeps the day of the zone it was recorded in; without a zone, the user's")
    func timeZoneChange() async throws {
        let temp = try T()
        // Logged in New York at 23:30 on 5 Oct: 05:30 on 6 Oct in Berlin.
        try await temp.store.save([
            T.mindful("2025-10-05T23:30:00-04:00", minutes: 10, zone: "America/New_York"),
            T.mindful("2025-10-07T23:30:00-04:00", minutes: 10),  // no zone recorded
        ])
        let days = try await temp.query().report(days: T.day("2025-10-05")...T.day("2025-10-08"), store: temp.store)
            .days
        #expect(days.map(\.mindfulnessMinutes) == [10, 0, 0, 10])
        // NoAlc logged at Berlin midnight, then read by the user in New York: still the same day.
        _ = try await temp.store.logAlcohol(drinks: .none, date: T.at("2025-10-09T12:00:00+02:00"))
        let newYork = Calendar.gregorian(in: TimeZone(identifier: "America/New_York")!)
        let fromNewYork = try await temp.query(calendar: newYork)
            .report(days: T.day("2025-10-08")...T.day("2025-10-09"), store: temp.store).days
        #expect(fromNewYork.map(\.noAlc) == [nil, NoAlcLevel.none])
    }

    @Test("Several NoAlc entries on a day (from several sources) show the highest level")
    func noAlcHighestLevel() async throws {
        let temp = try T()
        try await temp.store.save([
            T.drinks(0, "2025-10-01T00:00:00+02:00"),
            T.drinks(2, "2025-10-01T00:00:00+02:00", source: T.otherApp),
        ])
        let day = T.day("2025-10-01")
        #expect(try await temp.query().report(days: day...day, store: temp.store).days[0].noAlc == NoAlcLevel.none)
        #expect(
            try await temp.query(allSources: true).report(days: day...day, store: temp.store).days[0].noAlc == .moderate
        )
    }
}

extension Array where Element: Hashable {
    var asSet: Set<Element> { Set(self) }
}
