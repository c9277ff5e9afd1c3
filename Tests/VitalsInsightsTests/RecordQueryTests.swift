import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Seed 002: records with units and the unified view")
struct RecordQueryTests {
    let day = (start: berlin("00:00"), end: berlin("00:00", day: "2025-10-15"))

    @Test("Base Units: weight in kilograms, calories in kilocalories, macros in grams, duration in minutes")
    func baseUnits() async throws {
        let fixture = try InsightsFixture()
        let store = fixture.store
        try await store.save([
            .quantity(.bodyMass, 176.37, .pound, start: berlin("07:00"), source: InsightsFixture.phone),
            .quantity(.dietaryEnergyConsumed, 2092, .kilojoule, start: berlin("12:00"), source: InsightsFixture.phone),
            .quantity(
                .basalEnergyBurned, 1600, .kilocalorie, start: berlin("00:00"), end: berlin("23:00"),
                source: InsightsFixture.watch),
            .quantity(
                .activeEnergyBurned, 418.4, .kilojoule, start: berlin("18:00"), end: berlin("18:45"),
                source: InsightsFixture.watch),
        ])
        let weights = await WeightQuery().fetch(from: day.start, to: day.end, store: store)
        let weight = try #require(weights.first)
        #expect(abs(weight.kilograms - 80.0) < 0.01)
        #expect(weight.quantity.unit == .kilogram)
        #expect(abs(try weight.value(in: .pound) - 176.37) < 1e-9)
        let dietary = try #require(await DietaryQuery().fetch(from: day.start, to: day.end, store: store).first)
        #expect(abs(dietary.kilocalories - 500) < 0.01)
        #expect(dietary.protein == nil && dietary.carbohydrates == nil && dietary.fat == nil)
        let resting = try #require(await RestingQuery().fetch(from: day.start, to: day.end, store: store).first)
        #expect(resting.kilocalories == 1600)
        let active = try #require(await ActivityQuery().fetch(from: day.start, to: day.end, store: store).first)
        #expect(abs(active.kilocalories - 100) < 1e-9)
        #expect(active.durationMinutes == 45)
        #expect(try active.value(in: .kilojoule) == 418.4)
        #expect(throws: VitalsError.self) { try weight.value(in: .kilocalorie) }
    }

    @Test("Macro Correlation: dietary calories take macros from food correlations, nil otherwise")
    func macroCorrelation() async throws {
        let fixture = try InsightsFixture()
        let lunch = berlin("12:30")
        let food = Sample(
            type: .food, start: lunch, end: lunch,
            content: .correlation([
                .quantity(.dietaryEnergyConsumed, 650, .kilocalorie, start: lunch, source: InsightsFixture.phone),
                .quantity(.dietaryProtein, 30, .gram, start: lunch, source: InsightsFixture.phone),
                .quantity(.dietaryFatTotal, 20000, .milligram, start: lunch, source: InsightsFixture.phone),
            ]), source: InsightsFixture.phone)
        let snack = Sample.quantity(
            .dietaryEnergyConsumed, 150, .kilocalorie, start: berlin("16:00"),
            source: InsightsFixture.phone)
        try await fixture.store.save([food, snack])
        let records = try await DietaryQuery().records(from: day.start, to: day.end, store: fixture.store)
        #expect(records.unreadableTypes.isEmpty)
        #expect(records.value.map(\.id) == [food.uuid, snack.uuid])
        let meal = records.value[0]
        #expect(meal.kilocalories == 650 && meal.protein == 30 && meal.fat == 20 && meal.carbohydrates == nil)
        #expect(records.value[1].kilocalories == 150 && !records.value[1].hasMacros)
    }

    @Test("Data Sources: this app's records are local and editable, HealthKit's external and read-only")
    func sourceLabels() async throws {
        let fixture = try InsightsFixture()
        let widget = Source(name: "Test App Widget", bundleIdentifier: "com.x.app.widget")
        try await fixture.store.save([
            .quantity(.bodyMass, 80, .kilogram, start: berlin("07:00"), source: InsightsFixture.app),
            .quantity(.bodyMass, 80.2, .kilogram, start: berlin("08:00"), source: widget),
            .quantity(.bodyMass, 80.4, .kilogram, start: berlin("09:00"), source: InsightsFixture.watch),
        ])
        let records = try await UnifiedQuery(WeightQuery()).fetch(from: day.start, to: day.end, store: fixture.store)
            .value
        #expect(records.map(\.origin) == [.local, .local, .external])
        #expect(records.map(\.origin.isEditable) == [true, true, false])
        #expect(records.map(\.source.name) == ["Test App", "Test App Widget", "Apple Watch"])
    }

    @Test("UnifiedQuery: local and HealthKit records merged, de-duplicated, each labelled with its source")
    func unifiedQuery() async throws {
        let fixture = try InsightsFixture()
        let local = Sample.quantity(.bodyMass, 80, .kilogram, start: berlin("07:00"), source: InsightsFixture.app)
        // The HealthKit copy of the app's record (synced there), and a real HealthKit reading.
        let copy = Sample.quantity(.bodyMass, 80, .kilogram, start: berlin("07:00"), source: InsightsFixture.phone)
        let other = Sample.quantity(.bodyMass, 81, .kilogram, start: berlin("20:00"), source: InsightsFixture.phone)
        try await fixture.store.save([local, copy, other])
        // A second store holding the same app sample (the same UUID), as a HealthKit store would after sync.
        let second = try InsightsFixture()
        try await second.store.save([local])
        let merged = try await UnifiedQuery(WeightQuery())
            .fetch(from: day.start, to: day.end, stores: [fixture.store, second.store]).value
        #expect(merged.map(\.id) == [local.uuid, other.uuid])
        #expect(merged.map(\.origin) == [.local, .external])
        let plain = try await WeightQuery().records(from: day.start, to: day.end, store: fixture.store).value
        #expect(plain.count == 3)
    }

    @Test("Active energy: duration and the workout type of the workout it belongs to")
    func activeEnergyWorkoutType() async throws {
        let fixture = try InsightsFixture()
        let energy = Sample.quantity(
            .activeEnergyBurned, 300, .kilocalorie, start: berlin("18:00"), end: berlin("18:30"),
            source: InsightsFixture.watch)
        let run = Sample(
            type: .workout, start: berlin("18:00"), end: berlin("18:30"),
            content: .workout(
                Workout(
                    activityType: WorkoutActivityType(name: "running")!,
                    associatedSamples: [energy])),
            source: InsightsFixture.watch)
        let loose = Sample.quantity(
            .activeEnergyBurned, 20, .kilocalorie, start: berlin("10:00"), end: berlin("10:05"),
            source: InsightsFixture.phone)
        try await fixture.store.save([run, loose])
        let logged = try await RecordEditor(store: fixture.store).add(
            ActiveEnergyRecord(
                start: berlin("07:00"), end: berlin("07:20"), kilocalories: 120,
                workoutType: WorkoutActivityType(name: "yoga"), source: InsightsFixture.app))
        let records = await ActivityQuery().fetch(from: day.start, to: day.end, store: fixture.store)
        #expect(records.map(\.id) == [logged.id, loose.uuid, energy.uuid])
        #expect(records.map(\.workoutType?.name) == ["yoga", nil, "running"])
        #expect(records.map(\.durationMinutes) == [20, 5, 30])
    }

    @Test("Query Interface: the predicate is [from, to) on the start, and fetch uses it")
    func predicateHalfOpen() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([
            .quantity(.bodyMass, 80, .kilogram, start: day.start, source: InsightsFixture.phone),
            .quantity(.bodyMass, 81, .kilogram, start: day.end, source: InsightsFixture.phone),
        ])
        let query = WeightQuery()
        let predicate = query.predicate(from: day.start, to: day.end)
        #expect(predicate.options == .strictStartDate && predicate.start == day.start && predicate.end == day.end)
        #expect(await query.fetch(from: day.start, to: day.end, store: fixture.store).map(\.kilograms) == [80])
    }

    @Test("Authorization: a partially authorized store gives what it may read and names the missing types")
    func partialAuthorization() async throws {
        let fixture = try InsightsFixture()
        let store = fixture.store
        let lunch = berlin("12:30")
        try await store.save([
            Sample(
                type: .food, start: lunch, end: lunch,
                content: .correlation([
                    .quantity(.dietaryEnergyConsumed, 650, .kilocalorie, start: lunch, source: InsightsFixture.phone),
                    .quantity(.dietaryProtein, 30, .gram, start: lunch, source: InsightsFixture.phone),
                    .quantity(.dietaryCarbohydrates, 80, .gram, start: lunch, source: InsightsFixture.phone),
                ]), source: InsightsFixture.phone),
            .quantity(.bodyMass, 80, .kilogram, start: berlin("07:00"), source: InsightsFixture.phone),
            Sample(
                type: .workout, start: berlin("18:00"), end: berlin("18:30"),
                content: .workout(
                    Workout(
                        activityType: WorkoutActivityType(name: "running")!,
                        associatedSamples: [
                            .quantity(
                                .activeEnergyBurned, 300, .kilocalorie, start: berlin("18:00"), end: berlin("18:30"),
                                source: InsightsFixture.watch)
                        ])), source: InsightsFixture.watch),
        ])
        try await store.setAuthorization(.sharingDenied, for: .dietaryProtein, access: .read)
        try await store.setAuthorization(.sharingDenied, for: .bodyMass, access: .read)
        try await store.setAuthorization(.sharingDenied, for: .workout, access: .read)

        let dietary = try await DietaryQuery().records(from: day.start, to: day.end, store: store)
        #expect(dietary.unreadableTypes == [.dietaryProtein])
        let meal = try #require(dietary.value.first)
        #expect(meal.kilocalories == 650 && meal.protein == nil && meal.carbohydrates == 80)

        let weights = try await UnifiedQuery(WeightQuery()).fetch(from: day.start, to: day.end, store: store)
        #expect(weights.value.isEmpty && weights.unreadableTypes == [.bodyMass])

        let active = try await ActivityQuery().records(from: day.start, to: day.end, store: store)
        #expect(active.unreadableTypes == [.workout])
        #expect(active.value.map(\.kilocalories) == [300] && active.value.first?.workoutType == nil)
    }
}
