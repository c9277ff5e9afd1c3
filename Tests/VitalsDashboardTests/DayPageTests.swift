import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsDashboard
import VitalsStore
import VitalsTestSupport

@Suite("Dashboard: Day")
struct DayPageTests {
    /// A New York store with steps in every hour of `day` from two sources and heart rate every 10 minutes.
    static func store(day: String) async throws -> DashboardFixture {
        let fixture = try DashboardFixture(zone: "America/New_York")
        let range = fixture.range(day)
        var samples: [Sample] = []
        var cursor = range.start
        var index = 0
        while cursor < range.end {
            samples.append(
                .quantity(
                    .stepCount, Double(100 + index * 7), .count, start: cursor, end: cursor.addingTimeInterval(600),
                    source: DashboardFixture.phone, device: DashboardFixture.phoneDevice))
            samples.append(
                .quantity(
                    .stepCount, Double(90 + index * 5), .count, start: cursor.addingTimeInterval(300),
                    end: cursor.addingTimeInterval(900), source: DashboardFixture.watch,
                    device: DashboardFixture.watchDevice))
            for minute in stride(from: 0, to: 60, by: 10) {
                samples.append(
                    .quantity(
                        .heartRate, Double(55 + (index * 3 + minute) % 40), .countPerMinute,
                        start: cursor.addingTimeInterval(Double(minute) * 60), source: DashboardFixture.watch,
                        device: DashboardFixture.watchDevice))
            }
            cursor = cursor.addingTimeInterval(3600)
            index += 1
        }
        try await fixture.store.save(samples)
        return fixture
    }

    @Test(
        "Hourly step bars equal the hourly statistics; a DST day has 23 or 25 bars",
        arguments: [("2025-03-09", 23), ("2025-11-02", 25), ("2025-06-15", 24)])
    func hourlyBars(day: String, hours: Int) async throws {
        let fixture = try await Self.store(day: day)
        let page = try await fixture.get("/day/\(day)", now: fixture.at(day, 12))
        #expect(page.status == .ok)
        let bars = PageReader.elements(page.body, containing: "class=\"bar\"")
        #expect(bars.count == hours)
        let expected = try await fixture.statistics(.stepCount, .sum, over: fixture.range(day), interval: .hour)
        #expect(expected.count == hours)
        #expect(bars.map { $0["data-value"].flatMap(Double.init) } == expected.map(\.sum))
        #expect(
            bars.map { $0["data-start"] }
                == expected.map { ISO8601.format($0.range.start, in: fixture.calendar.timeZone) })
        #expect(page.body.contains("data-bars=\"\(hours)\""))
        #expect(page.body.contains("Steps per hour, \(hours) hours</title>"))
        let total = try await fixture.statistics(.stepCount, .sum, over: fixture.range(day)).first?.sum
        #expect(PageReader.figure(page.body, "steps") == total)
    }

    @Test("Heart rate is drawn per hour from the lowest to the highest value, as the statistics give them")
    func heartRateBand() async throws {
        let day = "2025-11-02"
        let fixture = try await Self.store(day: day)
        let html = try await fixture.get("/day/\(day)", now: fixture.at(day, 12)).body
        let bands = PageReader.elements(html, containing: "class=\"band\"")
        let expected = try await fixture.statistics(
            .heartRate, [.minimum, .maximum], over: fixture.range(day), interval: .hour)
        #expect(bands.count == 25)
        #expect(bands.map { $0["data-min"].flatMap(Double.init) } == expected.map(\.minimum))
        #expect(bands.map { $0["data-max"].flatMap(Double.init) } == expected.map(\.maximum))
        #expect(html.contains("<title id=\"heart-rate-chart-title\">"))
        #expect(html.contains("class=\"average\""))
    }

    @Test("Sleep stages in time order as a hypnogram, and the workout's route as a polyline, each with SVG titles")
    func hypnogramAndRoute() async throws {
        let fixture = try await TodayPageTests.filledStore()
        let day = TodayPageTests.day
        let html = try await fixture.get("/day/\(day)", now: fixture.at(day, 21)).body
        let stages = PageReader.elements(html, containing: "data-stage=")
        #expect(
            stages.map { $0["data-stage"]! } == [
                "inBed", "asleepCore", "asleepDeep", "awake", "asleepREM", "asleepCore",
            ])
        #expect(html.contains("<title>Deep 00:40–01:30 (50 min)</title>"))
        #expect(html.contains("<title id=\"hypnogram-title\">Sleep stages from 22:50 to 06:40</title>"))
        let route = try #require(PageReader.elements(html, containing: "class=\"route-line\"").first)
        #expect(route["points"]?.split(separator: " ").count == 40)
        #expect(html.contains("data-points=\"40\""))
        #expect(html.contains("Route of the running from 18:00 to 18:19, 40 points</title>"))
        // No map tiles: no image, and no script but the dashboard's own hover script.
        #expect(!html.contains("<img") && PageReader.count("<script", in: html) == 1)
        #expect(html.contains("<script src=\"/assets/dashboard.js\" defer></script>"))
    }

    @Test("Day pages link to the days before and after; a bad date is a 404 page")
    func navigation() async throws {
        let fixture = try await Self.store(day: "2025-03-09")
        let page = try await fixture.get("/day/2025-03-01", now: Date())
        #expect(page.status == .ok)
        #expect(
            page.body.contains("href=\"/day/2025-02-28\" rel=\"prev\"")
                && page.body.contains("href=\"/day/2025-03-02\" rel=\"next\""))
        #expect(page.body.contains("No heart rate this day.") && page.body.contains("No workouts."))
        for bad in ["/day/2025-02-30", "/day/yesterday"] {
            let missing = try await fixture.get(bad, now: Date())
            #expect(missing.status == .notFound, "\(bad)")
            #expect(missing.body.contains("Not found"))
        }
    }

    @Test("An empty store's Day page says how to get data in")
    func emptyStore() async throws {
        let fixture = try DashboardFixture(zone: "UTC")
        let page = try await fixture.get("/day/2025-11-16", now: Date())
        #expect(page.status == .ok && page.body.contains("No health data yet") && !page.body.contains("<svg"))
    }

    @Test("Over a real socket (Hummingbird's live test setup) Today and Day answer with the same numbers")
    func live() async throws {
        let day = "2025-03-09"
        let fixture = try await Self.store(day: day)
        let expected = try await fixture.statistics(.stepCount, .sum, over: fixture.range(day)).first?.sum
        try await retryingLiveTimeout {
            try await fixture.application(now: fixture.at(day, 20)).testOnOwnThreads(.live) { client in
                #expect(client.port != nil)
                let today = try await client.execute(uri: "/", method: .get)
                #expect(today.status == .ok && today.headers[.contentType] == "text/html; charset=utf-8")
                #expect(PageReader.figure(String(buffer: today.body), "steps") == expected)
                let page = try await client.execute(uri: "/day/\(day)", method: .get)
                #expect(page.status == .ok)
                #expect(PageReader.elements(String(buffer: page.body), containing: "class=\"bar\"").count == 23)
            }
        }
    }

    @Test("Mounted on a router group with its base path, links and the stylesheet stay under it")
    func mountedUnderGroup() async throws {
        let fixture = try await Self.store(day: "2025-06-15")
        var configuration = DashboardConfiguration()
        configuration.basePath = "/me/dashboard"
        configuration.now = { fixture.at("2025-06-15", 12) }
        let router = Router()
        let scope = DashboardScope(store: fixture.store)
        Dashboard<BasicRequestContext>(configuration: configuration) { _, _ in scope }.register(
            on: router.group("me/dashboard"))
        try await Application(router: router).test(.router) { client in
            let day = try await client.execute(uri: "/me/dashboard/day/2025-06-15", method: .get)
            #expect(day.status == .ok)
            let html = String(buffer: day.body)
            #expect(
                html.contains("href=\"/me/dashboard/assets/dashboard.css\"")
                    && html.contains("href=\"/me/dashboard/day/2025-06-14\""))
            #expect(try await client.execute(uri: "/me/dashboard/assets/dashboard.css", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/me/dashboard", method: .get).status == .ok)
        }
    }
}
