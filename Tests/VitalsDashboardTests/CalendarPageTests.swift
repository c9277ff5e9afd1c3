import Foundation
import HTTPTypes
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport

@Suite("Dashboard: Calendar")
struct CalendarPageTests {
    /// Steps on every day from `first` for `days` days, from two overlapping sources.
    static func steps(_ fixture: DashboardFixture, first: String, days: Int) async throws {
        let start = try LocalDate(parsing: first)
        var samples: [Sample] = []
        for offset in 0..<days {
            let day = start.adding(days: offset).description
            samples.append(
                .quantity(
                    .stepCount, Double(2000 + offset * 311 % 9000), .count, start: fixture.at(day, 10),
                    end: fixture.at(day, 11), source: DashboardFixture.phone, device: DashboardFixture.phoneDevice))
            samples.append(
                .quantity(
                    .stepCount, Double(1500 + offset * 97 % 4000), .count, start: fixture.at(day, 10, 30),
                    end: fixture.at(day, 11, 30), source: DashboardFixture.watch, device: DashboardFixture.watchDevice))
        }
        try await fixture.store.save(samples)
    }

    /// The month grid's or heatmap's days: `data-date` → attributes.
    static func days(_ html: String) -> [String: [String: String]] {
        Dictionary(
            PageReader.elements(html, containing: "data-date=").map { ($0["data-date"]!, $0) },
            uniquingKeysWith: { a, _ in a })
    }

    @Test("A DST month's grid shows each day's steps as the daily statistics give them")
    func monthGrid() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        try await Self.steps(fixture, first: "2025-02-27", days: 35)
        let page = try await fixture.get("/calendar?month=2025-03&figure=stepCount", now: fixture.at("2025-04-02", 12))
        #expect(page.status == .ok)
        let month = try DateRange(start: fixture.at("2025-03-01", 0), end: fixture.at("2025-04-01", 0))
        let expected = try await fixture.statistics(.stepCount, .sum, over: month)
        #expect(expected.count == 31 && expected.contains { $0.range.duration == 23 * 3600 })
        let shown = Self.days(page.body)
        #expect(shown.count == 31)
        for bucket in expected {
            let day = LocalDate(containing: bucket.range.start, in: fixture.calendar).description
            #expect(shown[day]?["data-value"].flatMap(Double.init) == bucket.sum, "\(day)")
        }
        // Weeks start on Monday (the calendar's first weekday): 1 March 2025 is a Saturday, after five blanks.
        #expect(PageReader.count("<td class=\"blank\"></td>", in: page.body) == 5 + 6)
        #expect(page.body.contains("<th scope=\"col\">Mon</th><th scope=\"col\">Tue</th>"))
        #expect(page.body.contains("href=\"/day/2025-03-30\""))
        #expect(page.body.contains("class=\"legend\""))
        #expect(page.body.contains("href=\"/calendar?month=2025-02&amp;figure=stepCount\" rel=\"prev\""))
    }

    @Test(
        "Streak marks and streak lengths are those `vitals calendar` and `vitals streak` compute, for the app or every source"
    )
    func streaks() async throws {
        let fixture = try DashboardFixture(zone: "America/New_York")
        try await Self.steps(fixture, first: "2025-10-20", days: 20)
        let store = fixture.store
        for day in ["2025-10-28", "2025-11-01", "2025-11-02", "2025-11-03", "2025-11-04", "2025-11-05"] {
            _ = try await store.logMindfulness(start: fixture.at(day, 7), end: fixture.at(day, 7, 15))
        }
        for day in ["2025-11-04", "2025-11-05"] {
            _ = try await store.logWorkout(start: fixture.at(day, 18), end: fixture.at(day, 18, 30))
        }
        _ = try await store.logAlcohol(drinks: .moderate, date: fixture.at("2025-11-02", 20))
        for day in ["2025-11-03", "2025-11-04"] {
            _ = try await store.logAlcohol(drinks: .none, date: fixture.at(day, 20))
        }
        // Another source's session: counted only with sources=all.
        try await store.save(
            .category(
                .mindfulSession, 0, start: fixture.at("2025-10-31", 7), end: fixture.at("2025-10-31", 7, 20),
                source: DashboardFixture.phone))
        let now = fixture.at("2025-11-05", 21)
        for allSources in [false, true] {
            let path = "/calendar?month=2025-11&figure=stepCount" + (allSources ? "&sources=all" : "")
            let html = try await fixture.get(path, now: now).body
            let query = DailyActivityQuery(
                calendar: fixture.calendar,
                sources: allSources ? .all : .app(bundleIdentifier: store.appSource.bundleIdentifier))
            for activity in TrackedActivity.allCases {
                let counter = try StreakCounter(activity: activity, query: query)
                let streak = try await counter.streak(now: now, store: store)
                let shown = PageReader.elements(html, containing: "data-streak=\"\(activity.rawValue)\"").first?[
                    "data-value"]
                #expect(shown == String(streak.length), "\(activity), all sources: \(allSources)")
            }
            let month = try await ActivityCalendar(query: query).month(YearMonth(year: 2025, month: 11), store: store)
            let shown = Self.days(html)
            for day in month.days {
                let marks = TrackedActivity.allCases.filter { day.met.contains($0) }.map(\.rawValue).joined(
                    separator: " ")
                #expect(shown[day.activity.day.description]?["data-marks"] == marks, "\(day.activity.day)")
            }
            #expect(html.contains(allSources ? "every source counts" : "only this app"))
        }
        let html = try await fixture.get("/calendar?month=2025-11", now: now).body
        #expect(PageReader.elements(html, containing: "data-streak=\"mindfulness\"").first?["data-value"] == "5")
        #expect(PageReader.elements(html, containing: "data-streak=\"noalc\"").first?["data-value"] == "2")
    }

    @Test(
        "A year heatmap has a square per day with its value in a title, 53 or 54 week columns and a legend",
        arguments: [("2025", 365, 53), ("2024", 366, 53), ("2040", 366, 54)])
    func yearHeatmap(year: String, days: Int, columns: Int) async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        try await Self.steps(fixture, first: "\(year)-03-20", days: 20)
        let html = try await fixture.get("/calendar?year=\(year)&figure=stepCount", now: fixture.at("2025-12-01", 12))
            .body
        let squares = PageReader.elements(html, containing: "height=\"11\" data-date=")
        #expect(squares.count == days)
        #expect(html.contains("data-columns=\"\(columns)\""))
        let span = try DateRange(start: fixture.at("\(year)-03-20", 0), end: fixture.at("\(year)-04-09", 0))
        let expected = try await fixture.statistics(.stepCount, .sum, over: span)
        let shown = Self.days(html)
        for bucket in expected {
            let day = LocalDate(containing: bucket.range.start, in: fixture.calendar)
            #expect(shown[day.description]?["data-value"].flatMap(Double.init) == bucket.sum)
            let display = DisplayCheck.number(bucket.sum ?? 0)
            #expect(html.contains("\(day.day) Mar \(year): \(display) steps</title>") || day.month != 3, "\(day)")
        }
        #expect(squares.filter { $0["data-value"] != nil }.count == 20)
        #expect(html.contains("class=\"legend\"") && html.contains("data-level=\"4\""))
        #expect(html.contains("href=\"/calendar?year=\(Int(year)! - 1)&amp;figure=stepCount\" rel=\"prev\""))
    }

    @Test(
        "Sleep and mindful minutes per day in a DST month: the night ending that morning, the day's union of sessions")
    func sleepAndMindfulMonth() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        var samples: [Sample] = []
        for offset in 0..<10 {
            let evening = try LocalDate(parsing: "2025-10-21").adding(days: offset).description
            let morning = try LocalDate(parsing: "2025-10-22").adding(days: offset).description
            samples.append(
                .category(
                    .sleepAnalysis, SleepAnalysisValue.asleepCore.rawValue, start: fixture.at(evening, 22, offset * 3),
                    end: fixture.at(morning, 6), source: DashboardFixture.watch, device: DashboardFixture.watchDevice))
            samples.append(
                .category(
                    .mindfulSession, 0, start: fixture.at(morning, 8), end: fixture.at(morning, 8, 10 + offset),
                    source: DashboardFixture.phone))
        }
        try await fixture.store.save(samples)
        let now = fixture.at("2025-11-02", 12)
        let sleep = Self.days(try await fixture.get("/calendar?month=2025-10&figure=sleep", now: now).body)
        let mindful = Self.days(try await fixture.get("/calendar?month=2025-10&figure=mindful", now: now).body)
        for offset in 0..<10 {
            let day = try LocalDate(parsing: "2025-10-22").adding(days: offset)
            let night = try DateRange(
                start: fixture.at(day.adding(days: -1).description, 12), end: fixture.at(day.description, 12))
            let asleep = try await fixture.statistics(.sleepAnalysis, .duration, over: night).compactMap(\.duration)
                .reduce(0, +)
            #expect(sleep[day.description]?["data-value"].flatMap(Double.init) == asleep, "night to \(day)")
            let sessions = try await fixture.statistics(
                .mindfulSession, .duration, over: fixture.range(day.description)
            ).first?.duration
            #expect(mindful[day.description]?["data-value"].flatMap(Double.init) == sessions, "\(day)")
        }
        // The night to 26 October, when the clocks go back: 22:12 to 06:00 is 8 h 48 min.
        #expect(sleep["2025-10-26"]?["data-value"] == "528.0")
        #expect(sleep["2025-10-21"]?["data-value"] == nil)
    }

    @Test(
        "A value the page cannot use is a 400 page naming the parameter",
        arguments: [
            ("month=2025-13", "month"), ("month=March", "month"), ("year=25", "year"),
            ("year=2025&month=2025-01", "year"),
            ("figure=nope", "figure"), ("figure=workout", "figure"), ("sources=some", "sources"), ("goal=-5", "goal"),
            ("month=9999-12", "month"),
        ])
    func badParameters(query: String, parameter: String) async throws {
        let fixture = try DashboardFixture(zone: "UTC")
        try await Self.steps(fixture, first: "2025-01-01", days: 2)
        let page = try await fixture.get("/calendar?\(query)", now: fixture.at("2025-01-02", 12))
        #expect(page.status == .badRequest)
        #expect(page.body.contains("data-parameter=\"\(parameter)\""), "\(query)")
    }

    @Test("An unreadable figure and unreadable activity types say so; an empty store shows how to get data in")
    func unreadableAndEmpty() async throws {
        let fixture = try DashboardFixture(zone: "UTC")
        try await Self.steps(fixture, first: "2025-01-01", days: 5)
        try await fixture.store.setAuthorization(.sharingDenied, for: .mindfulSession, access: .read)
        let html = try await fixture.get(
            "/calendar?month=2025-01&figure=mindfulSession", now: fixture.at("2025-01-05", 12)
        ).body
        #expect(html.contains("data-state=\"unreadable\">Not allowed to read mindfulSession"))
        #expect(PageReader.elements(html, containing: "data-streak=\"mindfulness\"").first?["data-value"] == nil)
        #expect(html.contains("not allowed to read mindfulSession"))
        #expect(html.contains("mindfulness not readable"))
        let empty = try DashboardFixture(zone: "UTC")
        let page = try await empty.get("/calendar", now: Date())
        #expect(page.status == .ok && page.body.contains("No health data yet"))
    }
}

/// Numbers as the pages print them, written again here so a change to the page's format shows.
enum DisplayCheck {
    /// `12,345`.
    static func number(_ value: Double) -> String {
        let whole = Int(value.rounded())
        var text = String(whole)
        var grouped = ""
        while text.count > 3 {
            grouped = "," + text.suffix(3) + grouped
            text.removeLast(3)
        }
        return text + grouped
    }
}
