import Foundation
import Testing
import VitalsCore
import VitalsDashboard
import VitalsTestSupport

/// The Day page's meals chart: meal windows as bands and meals as dots on the steps chart's hour axis.
@Suite("Dashboard: the Day page's meals chart")
struct DayMealChartTests {
    /// The plot of the Day page's hour axis: from x = 72 to 596 in a 600 wide view box.
    static let left = 72.0, plotWidth = 524.0

    /// `day` of ``DayPageTests/store(day:)`` (steps in every hour, New York) with a breakfast of two
    /// items, a lunch, a dinner and one snack at 10:00 (windows are half-open).
    static func store(day: String) async throws -> DashboardFixture {
        let fixture = try await DayPageTests.store(day: day)
        let phone = DashboardFixture.phone
        try await fixture.store.save([
            .quantity(.dietaryEnergyConsumed, 410, .kilocalorie, start: fixture.at(day, 7, 30), source: phone),
            .quantity(.dietaryEnergyConsumed, 95, .kilocalorie, start: fixture.at(day, 8, 15), source: phone),
            .quantity(.dietaryEnergyConsumed, 120, .kilocalorie, start: fixture.at(day, 10), source: phone),
            .quantity(.dietaryEnergyConsumed, 650, .kilocalorie, start: fixture.at(day, 12, 30), source: phone),
            .quantity(.dietaryProtein, 31.5, .gram, start: fixture.at(day, 12, 30), source: phone),
            .quantity(.dietaryEnergyConsumed, 720, .kilocalorie, start: fixture.at(day, 19, 15), source: phone),
        ])
        return fixture
    }

    /// The x of a wall-clock time `hour` (from 03:00 on) on a day whose clocks went `shift` hours back (-1: forward).
    static func x(_ hour: Double, hours: Int, shift: Double) -> Double {
        left + plotWidth * (hour + shift) / Double(hours)
    }

    @Test(
        "Each meal is a dot at its time on the steps chart's axis, and each window a band, on DST days too",
        arguments: [("2025-03-09", 23, -1.0), ("2025-11-02", 25, 1.0), ("2025-06-15", 24, 0.0)])
    func marksAndBands(day: String, hours: Int, shift: Double) async throws {
        let fixture = try await Self.store(day: day)
        let html = try await fixture.get("/day/\(day)", now: fixture.at(day, 22)).body
        let chart = try #require(PageReader.elements(html, containing: "data-chart=\"meals\"").first)
        #expect(chart["data-hours"] == String(hours))

        let dots = PageReader.elements(html, containing: "data-mark=")
        #expect(dots.map { $0["data-mark"] } == ["breakfast", "lunch", "dinner", "snack"])
        #expect(dots.map { $0["data-value"].flatMap(Double.init) } == [505, 650, 720, 120])
        let zone = fixture.calendar.timeZone
        let times: [(hour: Int, minute: Int)] = [(7, 30), (12, 30), (19, 15), (10, 0)]
        #expect(
            dots.map { $0["data-start"] } == times.map { ISO8601.format(fixture.at(day, $0.hour, $0.minute), in: zone) }
        )
        for (dot, time) in zip(dots, times) {
            let cx = try #require(dot["cx"].flatMap(Double.init))
            let expected = Self.x(Double(time.hour) + Double(time.minute) / 60, hours: hours, shift: shift)
            #expect(abs(cx - expected) < 0.01, "\(dot["data-mark"] ?? "") at \(cx), not \(expected)")
        }
        // The same axis as the steps bars: a meal at half past sits in the middle of its hour's bar.
        let bars = PageReader.elements(html, containing: "class=\"bar\"")
        let noon = try #require(bars.first { $0["data-start"] == ISO8601.format(fixture.at(day, 12), in: zone) })
        let barMiddle = try #require(noon["x"].flatMap(Double.init)) + (noon["width"].flatMap(Double.init) ?? 0) / 2
        #expect(abs((dots[1]["cx"].flatMap(Double.init) ?? 0) - barMiddle) < 0.02)
        #expect(dots[3]["cy"] != dots[0]["cy"] && dots[0]["cy"] == dots[1]["cy"], "snacks have their own row")
        #expect(html.contains("<title>Lunch 12:30: 650 kcal, 31.5 g protein</title>"))
        #expect(html.contains("<title>Breakfast 07:30–08:15: 505 kcal</title>"))

        let bands = PageReader.elements(html, containing: "data-window=")
        #expect(bands.map { $0["data-window"] } == ["breakfast", "lunch", "dinner"])
        for (band, (start, end)) in zip(bands, [(5.0, 10.0), (11.0, 14.0), (17.0, 21.0)]) {
            let x = try #require(band["x"].flatMap(Double.init)),
                width = try #require(band["width"].flatMap(Double.init))
            #expect(
                abs(x - Self.x(start, hours: hours, shift: shift)) < 0.01, "\(band["data-window"] ?? "") starts at \(x)"
            )
            #expect(abs(x + width - Self.x(end, hours: hours, shift: shift)) < 0.02)
            #expect(band["data-start"] == ISO8601.format(fixture.at(day, Int(start)), in: zone))
        }
    }

    @Test("A day without meals has no meals chart, only the empty state")
    func noChartWithoutMeals() async throws {
        let fixture = try await Self.store(day: "2025-06-15")
        let html = try await fixture.get("/day/2025-06-16", now: fixture.at("2025-06-16", 22)).body
        #expect(html.contains("No meals logged this day."))
        #expect(!html.contains("data-chart=\"meals\"") && !html.contains("data-window="))
        let withMeals = try await fixture.get("/day/2025-06-15", now: fixture.at("2025-06-16", 22)).body
        #expect(withMeals.contains("aria-describedby=\"meal-list\"") && withMeals.contains("id=\"meal-list\""))
    }
}
