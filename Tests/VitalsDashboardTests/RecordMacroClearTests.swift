import Foundation
import Testing
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport

/// The Records edit form shows a meal's current macros, so emptying a macro field clears that
/// macro (a field left out of the post keeps it): from the stored food, and from the day's totals.
@Suite("Dashboard: clearing a meal's macros")
struct RecordMacroClearTests {
    @Test(
        "An emptied macro field clears the macro from the food correlation and the day's totals; the last one leaves plain energy"
    )
    func emptiedFieldClears() async throws {
        let fixture = try DashboardFixture(zone: "America/New_York")
        let now = fixture.at("2025-11-16", 20), day = fixture.range("2025-11-16")
        let added = try await fixture.post(
            "/records/new",
            [
                ("kind", "nutrition"), ("value", "520"), ("protein", "30"),
                ("carbs", "61.5"), ("fat", "14"), ("start", "2025-11-16T13:00"),
            ], now: now)
        #expect(added.status == .seeOther)
        func meals() async throws -> [DietaryCalorieRecord] {
            try await UnifiedQuery(DietaryQuery()).fetch(from: day.start, to: day.end, store: fixture.store).value
        }
        func total(_ type: SampleType) async throws -> Double? {
            try await fixture.statistics(type, .sum, over: day).first?.sum
        }
        func lunch() async throws -> [String: String] {
            let html = try await fixture.get("/day/2025-11-16", now: now).body
            return try #require(PageReader.elements(html, containing: "data-meal=\"lunch\"").first)
        }
        #expect(try await total(.dietaryCarbohydrates) == 61.5)

        let id = try #require(try await meals().first?.id)
        let edited = try await fixture.post(
            "/records/\(id.uuidString)/edit",
            [
                ("value", "520"), ("protein", "30"), ("carbs", ""),
                ("start", "2025-11-16T13:00"),
            ], now: now)
        #expect(edited.status == .seeOther)
        var meal = try #require(try await meals().first)
        #expect(
            meal.protein == 30 && meal.carbohydrates == nil && meal.fat == 14, "carbs cleared; fat not posted, kept")
        let food = try #require(try await fixture.store.samples(of: .food).value.first)
        #expect(Set(food.members?.map(\.type) ?? []) == [.dietaryEnergyConsumed, .dietaryProtein, .dietaryFatTotal])
        #expect(try await fixture.store.samples(of: .dietaryCarbohydrates).value.isEmpty)
        #expect(try await total(.dietaryCarbohydrates) ?? 0 == 0)
        #expect(try await total(.dietaryProtein) == 30)
        var shown = try await lunch()
        #expect(shown["data-carbohydrates"] == nil && shown["data-protein"].flatMap(Double.init) == 30)
        #expect(shown["data-fat"].flatMap(Double.init) == 14)

        let plain = try await fixture.post(
            "/records/\(meal.id.uuidString)/edit",
            [
                ("value", "520"), ("protein", ""), ("carbs", ""),
                ("fat", ""), ("start", "2025-11-16T13:00"),
            ], now: now)
        #expect(plain.status == .seeOther)
        meal = try #require(try await meals().first)
        #expect(!meal.hasMacros && meal.kilocalories == 520)
        #expect(try await fixture.store.samples(of: .food).value.isEmpty, "no correlation without macros")
        #expect(try await total(.dietaryProtein) ?? 0 == 0)
        #expect(try await total(.dietaryFatTotal) ?? 0 == 0)
        shown = try await lunch()
        #expect(
            shown["data-kcal"].flatMap(Double.init) == 520 && shown["data-protein"] == nil && shown["data-fat"] == nil)
    }
}
