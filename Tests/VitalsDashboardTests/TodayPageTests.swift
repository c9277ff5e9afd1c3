import Foundation
import HTTPTypes
import Hummingbird
import Testing
import VitalsCore
import VitalsDashboard
import VitalsStore
import VitalsTestSupport

@Suite("Dashboard: Today")
struct TodayPageTests {
    static let day = "2025-11-16"

    /// A Berlin day: two sources of steps overlapping, distance, energy, exercise, heart figures,
    /// a night across midnight from two sources, mindfulness, a workout and the day's goals.
    static func filledStore() async throws -> DashboardFixture {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        let (phone, watch) = (DashboardFixture.phone, DashboardFixture.watch)
        let (phoneDevice, watchDevice) = (DashboardFixture.phoneDevice, DashboardFixture.watchDevice)
        func at(_ hour: Int, _ minute: Int = 0) -> Date { fixture.at(day, hour, minute) }
        var samples: [Sample] = []
        for hour in [8, 12, 17] {
            samples.append(
                .quantity(
                    .stepCount, 1000, .count, start: at(hour), end: at(hour, 20), source: phone, device: phoneDevice))
            samples.append(
                .quantity(
                    .stepCount, 900, .count, start: at(hour, 5), end: at(hour, 25), source: watch, device: watchDevice))
            samples.append(
                .quantity(
                    .distanceWalkingRunning, 700, .meter, start: at(hour), end: at(hour, 20), source: phone,
                    device: phoneDevice))
            samples.append(
                .quantity(
                    .activeEnergyBurned, 55.5, .kilocalorie, start: at(hour), end: at(hour, 30), source: watch,
                    device: watchDevice))
            samples.append(
                .quantity(
                    .appleExerciseTime, 11, .minute, start: at(hour), end: at(hour, 11), source: watch,
                    device: watchDevice))
        }
        // Just before midnight: belongs to the day before, as `vitals stats` counts it.
        samples.append(
            .quantity(
                .stepCount, 4321, .count, start: fixture.at("2025-11-15", 23, 30),
                end: fixture.at("2025-11-15", 23, 50), source: phone, device: phoneDevice))
        samples.append(
            .quantity(.restingHeartRate, 52, .countPerMinute, start: at(7), source: watch, device: watchDevice))
        samples.append(
            .quantity(.restingHeartRate, 55, .countPerMinute, start: at(20), source: watch, device: watchDevice))
        samples.append(
            .quantity(.heartRateVariabilitySDNN, 41.5, .millisecond, start: at(6), source: watch, device: watchDevice))
        samples.append(
            .quantity(.heartRateVariabilitySDNN, 48.25, .millisecond, start: at(22), source: watch, device: watchDevice)
        )
        // The night: in bed 22:50-06:40 (phone), stages from the watch overlapping each other once.
        samples.append(
            .category(
                .sleepAnalysis, SleepAnalysisValue.inBed.rawValue, start: fixture.at("2025-11-15", 22, 50),
                end: at(6, 40), source: phone, device: phoneDevice))
        let stages: [(SleepAnalysisValue, Date, Date)] = [
            (.asleepCore, fixture.at("2025-11-15", 23, 10), at(0, 40)), (.asleepDeep, at(0, 40), at(1, 30)),
            (.awake, at(1, 30), at(1, 45)), (.asleepREM, at(1, 45), at(3, 0)), (.asleepCore, at(2, 50), at(6, 20)),
        ]
        for (stage, start, end) in stages {
            samples.append(
                .category(.sleepAnalysis, stage.rawValue, start: start, end: end, source: watch, device: watchDevice))
        }
        samples.append(.category(.mindfulSession, 0, start: at(7, 30), end: at(7, 45), source: phone))
        samples.append(.category(.mindfulSession, 0, start: at(7, 40), end: at(7, 52), source: watch))
        try await fixture.store.save(samples)
        let workout = Sample(
            type: .workout, start: at(18), end: at(18, 40),
            content: .workout(
                Workout(
                    activityType: .running,
                    statistics: [
                        WorkoutStatistics(type: .activeEnergyBurned, unit: .kilocalorie, sum: 320),
                        WorkoutStatistics(type: .distanceWalkingRunning, unit: .meter, sum: 6200),
                    ])), source: watch, device: watchDevice)
        var summary = ActivitySummary(date: day)
        summary.activeEnergyBurned = 170
        summary.activeEnergyBurnedGoal = 500
        summary.activeEnergyBurnedUnit = "Cal"
        summary.exerciseTime = 33
        summary.exerciseTimeGoal = 30
        summary.standHours = 9
        summary.standHoursGoal = 12
        let validated = try workout.validated()
        let goals = summary
        try await fixture.store.bulkWrite { bulk in
            let (row, _) = try bulk.add(validated)
            try bulk.addRoute(workout: row, route: 0, points: RouteFixture.loop(start: validated.start))
            _ = try bulk.addActivitySummary(goals)
        }
        return fixture
    }

    @Test("Today's figures equal the statistics queries `vitals stats` runs for the same store and zone")
    func figuresEqualStatistics() async throws {
        let fixture = try await Self.filledStore()
        let page = try await fixture.get("/", now: fixture.at(Self.day, 21))
        #expect(page.status == .ok)
        let html = page.body
        let range = fixture.range(Self.day)
        let expected: [(String, SampleType, StatisticsOptions)] = [
            ("steps", .stepCount, .sum), ("distance", .distanceWalkingRunning, .sum),
            ("active-energy", .activeEnergyBurned, .sum), ("exercise", .appleExerciseTime, .sum),
            ("resting-heart-rate", .restingHeartRate, .average), ("hrv", .heartRateVariabilitySDNN, .average),
            ("mindful", .mindfulSession, .duration),
        ]
        for (metric, type, option) in expected {
            let statistics = try await fixture.statistics(type, option, over: range)
            #expect(statistics.count == 1)
            let value = try #require(statistics.first?.value(for: option), "\(metric) has no statistics")
            #expect(PageReader.figure(html, metric) == value, "\(metric)")
        }
        // Steps merge the overlapping sources instead of adding them, and leave out the day before.
        let steps = try #require(PageReader.figure(html, "steps"))
        #expect(steps < 5700 && steps >= 2700)
        #expect(PageReader.figure(html, "mindful") == 22)

        // Last night: noon to noon, asleep as the union of asleep stages, in bed as the union of everything.
        let night = try DateRange(start: fixture.at("2025-11-15", 12), end: fixture.at(Self.day, 12))
        let asleep = try await fixture.statistics(.sleepAnalysis, .duration, over: night)
        let inBed = try await fixture.statistics(
            .sleepAnalysis, .duration, over: night,
            categoryValues: Set(SleepAnalysisValue.allCases.map(\.rawValue)))
        let asleepMinutes = asleep.compactMap(\.duration).reduce(0, +),
            inBedMinutes = inBed.compactMap(\.duration).reduce(0, +)
        #expect(abs((PageReader.figure(html, "asleep") ?? 0) - asleepMinutes) < 1e-9)
        #expect(abs((PageReader.figure(html, "in-bed") ?? 0) - inBedMinutes) < 1e-9)
        #expect(abs(asleepMinutes - (430 - 15)) < 1e-9, "23:10-06:20 minus 15 awake minutes")
        #expect(abs(inBedMinutes - 470) < 1e-9)
    }

    @Test("Rings show the day's values against the activity summary's goals, each with an SVG title")
    func ringsAgainstGoals() async throws {
        let fixture = try await Self.filledStore()
        let html = try await fixture.get("/", now: fixture.at(Self.day, 21)).body
        let rings = Dictionary(
            uniqueKeysWithValues: PageReader.elements(html, containing: "data-ring=").map { ($0["data-ring"]!, $0) })
        let energy = try await fixture.statistics(.activeEnergyBurned, .sum, over: fixture.range(Self.day)).first?.sum
        #expect(rings["move"]?["data-value"].flatMap(Double.init) == energy)
        #expect(rings["move"]?["data-goal"] == "500.0")
        #expect(rings["exercise"]?["data-goal"] == "30.0")
        #expect(rings["stand"]?["data-value"] == "9.0" && rings["stand"]?["data-goal"] == "12.0")
        #expect(html.contains("<title id=\"ring-move-title\">Move: 167 of 500 kcal (33%)</title>"))
        #expect(html.contains("Running") && html.contains("320 kcal") && html.contains("6.20 km"))
        #expect(html.contains("href=\"/day/2025-11-16\""))
    }

    @Test("A day without an activity summary draws the rings against default goals, labelled as defaults")
    func ringsWithoutGoals() async throws {
        let fixture = try DashboardFixture(zone: "UTC")
        try await fixture.store.save(
            .quantity(
                .activeEnergyBurned, 210, .kilocalorie, start: fixture.at(Self.day, 9),
                end: fixture.at(Self.day, 10), source: DashboardFixture.watch))
        let html = try await fixture.get("/", now: fixture.at(Self.day, 12)).body
        let move = try #require(PageReader.elements(html, containing: "data-ring=\"move\"").first)
        #expect(move["data-value"] == "210.0" && move["data-goal"] == "500.0" && move["data-goal-source"] == "default")
        #expect(html.contains("Move: 210 of 500 kcal (default goal) (42%)"))
        #expect(html.contains("default goals"))
    }

    @Test("An empty store's Today page says how to get data in, with no chart")
    func emptyStore() async throws {
        let fixture = try DashboardFixture(zone: "America/New_York")
        let page = try await fixture.get("/", now: Date())
        #expect(page.status == .ok)
        #expect(page.body.contains("data-empty=\"true\"") && page.body.contains("No health data yet"))
        #expect(page.body.contains("vitals import export.zip"))
        #expect(!page.body.contains("<svg"))
    }

    @Test("A hostile source name is escaped wherever the page shows it")
    func escapesSourceNames() async throws {
        let fixture = try DashboardFixture(zone: "UTC")
        let hostile = Source(name: "<script>alert(\"pwned\")</script>", bundleIdentifier: "com.example.hostile")
        try await fixture.store.save(
            .quantity(
                .stepCount, 120, .count, start: fixture.at(Self.day, 9), end: fixture.at(Self.day, 10),
                source: hostile))
        let workout = Sample(
            type: .workout, start: fixture.at(Self.day, 11), end: fixture.at(Self.day, 12),
            content: .workout(Workout(activityType: .yoga)), source: hostile)
        try await fixture.store.save(workout)
        for path in ["/", "/day/\(Self.day)"] {
            let html = try await fixture.get(path, now: fixture.at(Self.day, 13)).body
            #expect(html.contains("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;"), "\(path)")
            #expect(PageReader.count("<script", in: html) == 1, "\(path): only the dashboard's own script")
            #expect(html.contains("<script src=\"/assets/dashboard.js\" defer></script>"), "\(path)")
        }
    }

    @Test("The stylesheet is one route with dark and light and a phone layout")
    func stylesheet() async throws {
        let fixture = try DashboardFixture(zone: "UTC")
        try await fixture.application(now: Date()).test(.router) { client in
            let response = try await client.execute(uri: "/assets/dashboard.css", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/css; charset=utf-8")
            let css = String(buffer: response.body)
            #expect(css.contains("prefers-color-scheme: dark") && css.contains("max-width: 480px"))
        }
        let page = try await fixture.get("/", now: Date()).body
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/assets/dashboard.css\">"))
        #expect(page.contains("width=device-width"))
    }

    @Test(
        "The hover script is an external file served as JavaScript; every page loads it deferred, with no inline script"
    )
    func hoverScript() async throws {
        let fixture = try await Self.filledStore()
        try await fixture.application(now: fixture.at(Self.day, 21)).test(.router) { client in
            let response = try await client.execute(uri: "/assets/dashboard.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            let script = String(buffer: response.body)
            #expect(script.contains("chart-tooltip") && script.contains("focusin") && script.contains("pointerover"))
        }
        let pages = try await fixture.get(
            ["/", "/day/\(Self.day)", "/trends", "/calendar"], now: fixture.at(Self.day, 21))
        for (index, page) in pages.enumerated() {
            #expect(page.status == .ok, "page \(index)")
            #expect(page.body.contains("<script src=\"/assets/dashboard.js\" defer></script>"), "page \(index)")
            #expect(PageReader.count("<script", in: page.body) == 1, "page \(index): no inline script")
            #expect(!page.body.contains(" onclick=") && !page.body.contains(" onmouseover="), "page \(index)")
        }
    }
}
