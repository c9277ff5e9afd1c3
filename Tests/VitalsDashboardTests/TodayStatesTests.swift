import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// The Today page's seed 003 authorization states, NoAlc state and rings without an activity summary.
@Suite("Dashboard: Today's authorization, NoAlc and computed rings")
struct TodayStatesTests {
    static let day = TodayPageTests.day

    /// Every type the Today page reads.
    static let todayTypes: [SampleType] = [
        .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .appleExerciseTime, .mindfulSession,
        .restingHeartRate,
        .heartRateVariabilitySDNN, .sleepAnalysis, .appleStandHour, .workout, .numberOfAlcoholicBeverages,
    ]

    @Test(
        "A denied type and a type never asked for each say their state and what to do, never a zero; the page says it is partly allowed"
    )
    func deniedAndNotDetermined() async throws {
        let fixture = try await TodayPageTests.filledStore()
        try await fixture.store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        try await fixture.store.setAuthorization(.notDetermined, for: .heartRateVariabilitySDNN, access: .read)
        let html = try await fixture.get("/", now: fixture.at(Self.day, 21)).body

        let steps = try #require(PageReader.elements(html, containing: "data-metric=\"steps\"").first)
        #expect(steps["data-value"] == nil, "a denied type shows no value, not a zero")
        #expect(PageReader.elements(html, containing: "data-access=\"denied\"").count == 1)
        #expect(html.contains("Vitals may not read Steps: allow it in Settings → Health → Data Access"))
        let hrv = try #require(PageReader.elements(html, containing: "data-metric=\"hrv\"").first)
        #expect(hrv["data-value"] == nil)
        #expect(PageReader.elements(html, containing: "data-access=\"not-determined\"").count == 1)
        #expect(html.contains("Vitals has not been allowed to read Heart rate variability yet"))
        #expect(html.contains("data-authorization=\"partial\""))
        #expect(
            html.contains("only some of your health data, not: Heart rate variability, Steps."),
            "the notice names what is missing")

        // The readable figures still equal the statistics queries.
        let range = fixture.range(Self.day)
        let energy = try await fixture.statistics(.activeEnergyBurned, .sum, over: range).first?.sum
        #expect(PageReader.figure(html, "active-energy") == energy)
        // The store refuses the query itself: the page's state is not a display choice.
        let denied = try await fixture.store.statistics(
            StatisticsQuery(
                type: .stepCount, range: range, interval: .day,
                calendar: fixture.calendar, options: .sum))
        #expect(denied.unreadableTypes == [.stepCount])
    }

    @Test("With every type denied the page says so once at the top, and each figure says it is not allowed")
    func everythingDenied() async throws {
        let fixture = try await TodayPageTests.filledStore()
        for type in Self.todayTypes {
            try await fixture.store.setAuthorization(.sharingDenied, for: type, access: .read)
        }
        let html = try await fixture.get("/", now: fixture.at(Self.day, 21)).body
        #expect(html.contains("data-authorization=\"denied\""))
        #expect(!html.contains("data-authorization=\"partial\""))
        for metric in [
            "steps", "distance", "active-energy", "exercise", "resting-heart-rate", "hrv", "mindful", "asleep",
        ] {
            #expect(PageReader.figure(html, metric) == nil, "\(metric) shows no value")
        }
        #expect(PageReader.count("data-access=\"denied\"", in: html) >= 10, "figures, rings, workouts and NoAlc")
        #expect(!html.contains("Running"), "no workout is listed")
    }

    @Test("A store that is unavailable on the device says so on every figure instead of failing or showing zeros")
    func unavailableStore() async throws {
        let store = UnavailableHealthStore()
        let page = try await fixture(store)
        #expect(page.status == .ok)
        let html = page.body
        #expect(html.contains("data-authorization=\"unavailable\""))
        #expect(PageReader.count("data-access=\"unavailable\"", in: html) >= 10)
        #expect(html.contains("Health data is not available on this device, so Vitals cannot read Steps."))
        #expect(!html.contains("data-value=\"0"))
    }

    /// GETs Today from the dashboard of `store`.
    private func fixture(_ store: UnavailableHealthStore) async throws -> (status: HTTPResponse.Status, body: String) {
        var configuration = DashboardConfiguration()
        configuration.now = { Date(timeIntervalSince1970: 1_763_290_800) }
        let application = Application(
            router: DashboardApplication.makeRouter(store: store, configuration: configuration))
        return try await application.test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            return (response.status, String(buffer: response.body))
        }
    }

    @Test("Today's NoAlc level and streak are what `vitals streak noalc` counts from the app's own entries")
    func noAlc() async throws {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        let store = fixture.store
        try await store.save(
            .quantity(
                .stepCount, 100, .count, start: fixture.at(Self.day, 9), end: fixture.at(Self.day, 10),
                source: DashboardFixture.phone))
        for offset in 1...3 {
            _ = try await store.logAlcohol(
                drinks: .none, date: fixture.at(LocalDate(parsing: Self.day).adding(days: -offset).description, 12))
        }
        _ = try await store.logAlcohol(
            drinks: .heavy, date: fixture.at(LocalDate(parsing: Self.day).adding(days: -4).description, 12))
        // Another app's alcohol-free entry for today does not count (the app's own samples only).
        try await store.save(
            .quantity(
                .numberOfAlcoholicBeverages, 0, .count, start: fixture.at(Self.day, 0),
                source: DashboardFixture.phone))
        let now = fixture.at(Self.day, 21)
        let query = DailyActivityQuery.forApp(of: store, calendar: fixture.calendar)
        let expected = try await StreakCounter(activity: .noalc, query: query).streak(now: now, store: store)
        #expect(expected.length == 3)

        var html = try await fixture.get("/", now: now).body
        var panel = try #require(PageReader.elements(html, containing: "data-noalc=").first)
        #expect(panel["data-noalc"] == "none-logged" && panel["data-value"] == nil)
        #expect(panel["data-streak"] == String(expected.length))
        #expect(html.contains("3 alcohol-free days in a row"))

        _ = try await store.logAlcohol(drinks: .none, date: fixture.at(Self.day, 8))
        let counted = try await StreakCounter(activity: .noalc, query: query).streak(now: now, store: store)
        html = try await fixture.get("/", now: now).body
        panel = try #require(PageReader.elements(html, containing: "data-noalc=").first)
        #expect(panel["data-noalc"] == "none" && panel["data-value"] == "0")
        #expect(panel["data-streak"] == String(counted.length) && counted.length == 4)
        #expect(html.contains("Alcohol-free") && html.contains("today included"))

        _ = try await store.logAlcohol(drinks: .moderate, date: fixture.at(Self.day, 20))
        html = try await fixture.get("/", now: now).body
        panel = try #require(PageReader.elements(html, containing: "data-noalc=").first)
        #expect(panel["data-noalc"] == "moderate" && panel["data-value"] == "4")
    }

    @Test("Without an activity summary the rings are computed from the day's samples against labelled default goals")
    func computedRings() async throws {
        let fixture = try DashboardFixture(zone: "America/New_York")
        let watch = DashboardFixture.watch
        func at(_ hour: Int, _ minute: Int = 0) -> Date { fixture.at(Self.day, hour, minute) }
        try await fixture.store.save([
            .quantity(.activeEnergyBurned, 210, .kilocalorie, start: at(9), end: at(10), source: watch),
            .quantity(.activeEnergyBurned, 45.5, .kilocalorie, start: at(18), end: at(18, 30), source: watch),
            .quantity(.appleExerciseTime, 12, .minute, start: at(9), end: at(9, 12), source: watch),
            .quantity(.appleExerciseTime, 9, .minute, start: at(18), end: at(18, 9), source: watch),
            .category(.appleStandHour, 0, start: at(8), end: at(9), source: watch),
            .category(.appleStandHour, 0, start: at(9), end: at(10), source: watch),
            .category(.appleStandHour, 1, start: at(10), end: at(11), source: watch),
            .category(.appleStandHour, 0, start: at(14), end: at(15), source: watch),
            // The evening before, in the store's zone: not this day.
            .quantity(
                .activeEnergyBurned, 999, .kilocalorie, start: fixture.at("2025-11-15", 23),
                end: fixture.at("2025-11-15", 23, 30),
                source: watch),
        ])
        let html = try await fixture.get("/", now: at(21)).body
        let rings = Dictionary(
            uniqueKeysWithValues: PageReader.elements(html, containing: "data-ring=").map { ($0["data-ring"]!, $0) })
        let range = fixture.range(Self.day)
        let energy = try #require(try await fixture.statistics(.activeEnergyBurned, .sum, over: range).first?.sum)
        let exercise = try #require(try await fixture.statistics(.appleExerciseTime, .sum, over: range).first?.sum)
        let stood = try await fixture.store.samples(
            of: .appleStandHour, matching: SamplePredicate(range, options: .strictStartDate)
        )
        .value.filter { $0.categoryValue == 0 }.count
        #expect(energy == 255.5 && exercise == 21 && stood == 3)
        #expect(rings["move"]?["data-value"].flatMap(Double.init) == energy)
        #expect(rings["move"]?["data-goal"] == "500.0" && rings["move"]?["data-goal-source"] == "default")
        #expect(rings["exercise"]?["data-value"].flatMap(Double.init) == exercise)
        #expect(rings["exercise"]?["data-goal"] == "30.0" && rings["exercise"]?["data-goal-source"] == "default")
        #expect(rings["stand"]?["data-value"].flatMap(Double.init) == Double(stood))
        #expect(rings["stand"]?["data-goal"] == "12.0" && rings["stand"]?["data-goal-source"] == "default")
        #expect(html.contains("Move: 256 of 500 kcal (default goal) (51%)"))
        #expect(html.contains("Exercise: 21 of 30 min (default goal) (70%)"))
        #expect(html.contains("Stand: 3 of 12 h (default goal) (25%)"))
        #expect(html.contains("data-goals=\"default\"") && html.contains("against default goals"))
    }
}
