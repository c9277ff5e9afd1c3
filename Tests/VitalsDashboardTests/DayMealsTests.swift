import Foundation
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport

/// The Day page's meals in their windows (seed 004), equal to what `vitals meals --preview` groups.
@Suite("Dashboard: the Day page's meals")
struct DayMealsTests {
    static let day = "2025-11-16"

    /// A Berlin day of food: a breakfast correlation and a lone energy sample, a lunch with carbs,
    /// a snack at 10:00 (windows are half-open), a dinner correlation with every macro, and food
    /// the evening before (another day).
    static func store() async throws -> DashboardFixture {
        let fixture = try DashboardFixture(zone: "Europe/Berlin")
        let phone = DashboardFixture.phone
        func at(_ hour: Int, _ minute: Int = 0, day: String = day) -> Date { fixture.at(day, hour, minute) }
        let breakfast = at(7, 30), dinner = at(19, 15)
        try await fixture.store.save([
            Sample(
                type: .food, start: breakfast, end: breakfast,
                content: .correlation([
                    .quantity(.dietaryEnergyConsumed, 410.5, .kilocalorie, start: breakfast, source: phone),
                    .quantity(.dietaryProtein, 21.25, .gram, start: breakfast, source: phone),
                ]), source: phone),
            .quantity(.dietaryEnergyConsumed, 95, .kilocalorie, start: at(8, 10), source: phone),
            .quantity(.dietaryEnergyConsumed, 120, .kilocalorie, start: at(10), source: phone),
            .quantity(.dietaryEnergyConsumed, 650, .kilocalorie, start: at(12, 30), source: phone),
            .quantity(.dietaryCarbohydrates, 80.5, .gram, start: at(12, 35), source: phone),
            Sample(
                type: .food, start: dinner, end: dinner,
                content: .correlation([
                    .quantity(.dietaryEnergyConsumed, 720, .kilocalorie, start: dinner, source: phone),
                    .quantity(.dietaryProtein, 38, .gram, start: dinner, source: phone),
                    .quantity(.dietaryCarbohydrates, 64, .gram, start: dinner, source: phone),
                    .quantity(.dietaryFatTotal, 27.5, .gram, start: dinner, source: phone),
                ]), source: phone),
            .quantity(.dietaryEnergyConsumed, 900, .kilocalorie, start: at(23, 30, day: "2025-11-15"), source: phone),
        ])
        return fixture
    }

    @Test("Each meal's window, times, energy and macros equal `vitals meals --preview` for the same day and zone")
    func mealsEqualTheGrouping() async throws {
        let fixture = try await Self.store()
        let ingestor = HealthIngestor(
            store: fixture.store, ledger: fixture.store, records: try SQLiteAppRecordStore(fixture.store),
            calendar: fixture.calendar)
        let expected = try await ingestor.meals(on: LocalDate(parsing: Self.day)).records
        #expect(expected.map(\.mealType) == [.breakfast, .lunch, .dinner, .snack])

        let html = try await fixture.get("/day/\(Self.day)", now: fixture.at(Self.day, 22)).body
        let shown = PageReader.elements(html, containing: "data-meal=")
        #expect(shown.map { $0["data-meal"] } == expected.map(\.mealType.rawValue))
        for (meal, element) in zip(expected, shown) {
            let name = meal.mealType.rawValue
            #expect(element["data-kcal"].flatMap(Double.init) == meal.kilocalories, "\(name) energy")
            #expect(element["data-protein"].flatMap(Double.init) == meal.protein, "\(name) protein")
            #expect(element["data-carbohydrates"].flatMap(Double.init) == meal.carbohydrates, "\(name) carbohydrates")
            #expect(element["data-fat"].flatMap(Double.init) == meal.fat, "\(name) fat")
            #expect(element["data-items"] == String(meal.sampleCount), "\(name) items")
        }
        // The numbers themselves: 10:00 is a snack, the evening before is not this day.
        #expect(expected[0].kilocalories == 505.5 && expected[0].protein == 21.25 && expected[0].carbohydrates == nil)
        #expect(expected[3].kilocalories == 120)
        #expect(html.contains("Breakfast (05:00–10:00)") && html.contains("07:30–08:10"))
        #expect(
            html.contains("Dinner (17:00–21:00)")
                && html.contains("720 kcal · 38.0 g protein · 64.0 g carbs · 27.5 g fat"))
        #expect(!html.contains("900 kcal"))
    }

    @Test("A day without food says so; unreadable nutrients are named instead of counted as zero")
    func emptyAndUnreadable() async throws {
        let fixture = try await Self.store()
        var html = try await fixture.get("/day/2025-11-17", now: fixture.at(Self.day, 22)).body
        #expect(html.contains("No meals logged this day."))
        try await fixture.store.setAuthorization(.sharingDenied, for: .dietaryProtein, access: .read)
        html = try await fixture.get("/day/\(Self.day)", now: fixture.at(Self.day, 22)).body
        let breakfast = try #require(PageReader.elements(html, containing: "data-meal=\"breakfast\"").first)
        #expect(breakfast["data-protein"] == nil && breakfast["data-kcal"] == "505.5")
        #expect(html.contains("Vitals may not read dietaryProtein"))
    }
}
