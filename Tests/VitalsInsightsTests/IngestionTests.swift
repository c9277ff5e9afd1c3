import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Seed 004: workouts and nutrition ingested once")
struct IngestionTests {
    let day = try! LocalDate(parsing: "2025-10-14")
    var week: DateRange { DateRange(clampingStart: berlin("00:00"), end: berlin("00:00", day: "2025-10-21")) }

    func ingestor(_ store: SQLiteHealthStore) throws -> HealthIngestor {
        HealthIngestor(
            store: store, ledger: store, records: try SQLiteAppRecordStore(store), calendar: InsightsFixture.calendar)
    }

    func workout(
        _ activity: String, _ start: String, minutes: Int, day: String = "2025-10-14",
        parts: [WorkoutActivity] = []
    ) -> Sample {
        let begin = berlin(start, day: day)
        let statistics = [
            WorkoutStatistics(type: .activeEnergyBurned, unit: .kilocalorie, sum: Double(minutes) * 8),
            WorkoutStatistics(type: .distanceWalkingRunning, unit: .kilometer, sum: 5),
        ]
        return Sample(
            type: .workout, start: begin, end: begin + Double(minutes) * 60,
            content: .workout(
                Workout(
                    activityType: WorkoutActivityType(name: activity)!,
                    statistics: activity == "running" ? statistics : [], activities: parts)),
            source: InsightsFixture.watch)
    }

    func nutrition(_ store: SQLiteHealthStore) async throws -> [Sample] {
        let breakfast = berlin("07:30")
        let food = Sample(
            type: .food, start: breakfast, end: breakfast,
            content: .correlation([
                .quantity(.dietaryEnergyConsumed, 400, .kilocalorie, start: breakfast, source: InsightsFixture.phone),
                .quantity(.dietaryProtein, 20, .gram, start: breakfast, source: InsightsFixture.phone),
            ]), source: InsightsFixture.phone)
        let samples = [
            food,
            .quantity(.dietaryEnergyConsumed, 100, .kilocalorie, start: berlin("08:10"), source: InsightsFixture.phone),
            .quantity(.dietaryEnergyConsumed, 650, .kilocalorie, start: berlin("12:30"), source: InsightsFixture.phone),
            .quantity(.dietaryCarbohydrates, 80, .gram, start: berlin("12:30"), source: InsightsFixture.phone),
            .quantity(
                .dietaryEnergyConsumed, 900, .kilocalorie, start: berlin("19:00", day: "2025-10-15"),
                source: InsightsFixture.phone),
        ]
        try await store.save(samples)
        return samples
    }

    @Test("Map workouts to sessions: template, title, totals and one row per activity")
    func sessions() async throws {
        let fixture = try InsightsFixture()
        let start = berlin("09:00")
        let triathlon = workout(
            "swimBikeRun", "09:00", minutes: 90,
            parts: [
                WorkoutActivity(activityType: WorkoutActivityType(name: "swimming")!, start: start, end: start + 1200),
                WorkoutActivity(
                    activityType: WorkoutActivityType(name: "cycling")!, start: start + 1200, end: start + 4200,
                    statistics: [WorkoutStatistics(type: .activeEnergyBurned, unit: .kilocalorie, sum: 500)]),
                WorkoutActivity(
                    activityType: WorkoutActivityType(name: "running")!, start: start + 4200, end: start + 5400),
            ])
        try await fixture.store.save([
            workout("running", "07:00", minutes: 30), workout("yoga", "18:00", minutes: 45),
            workout("traditionalStrengthTraining", "12:00", minutes: 40), triathlon,
        ])
        let result = try await ingestor(fixture.store).workoutSessions(in: week)
        #expect(result.unreadableTypes.isEmpty && result.alreadyIngested.isEmpty)
        #expect(result.records.map(\.template) == [.cardio, .cardio, .strength, .mobility])
        let run = result.records[0]
        #expect(run.title == "Running" && run.durationMinutes == 30 && run.activeKilocalories == 240)
        #expect(run.distanceMeters == 5000 && run.rows.count == 1 && run.rows[0].sessionID == run.id)
        let multi = result.records[1]
        #expect(multi.rows.map(\.exercise) == ["swimming", "cycling", "running"])
        #expect(multi.rows.map(\.position) == [0, 1, 2] && multi.rows.map(\.durationMinutes) == [20, 50, 20])
        #expect(multi.rows[1].activeKilocalories == 500 && multi.rows.allSatisfy { $0.sessionID == multi.id })
    }

    @Test("Duplicate Detection Empty Entries: nothing ingested yet, everything is new")
    func duplicateDetectionEmpty() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([workout("running", "07:00", minutes: 30)])
        let result = try await ingestor(fixture.store).ingestWorkouts(in: week)
        #expect(result.records.count == 1 && result.alreadyIngested.isEmpty)
    }

    @Test("Duplicate Detection Match and No Match: an ingested UUID is skipped, a new one is not")
    func duplicateDetectionMatch() async throws {
        let fixture = try InsightsFixture()
        let first = workout("running", "07:00", minutes: 30)
        try await fixture.store.save([first])
        _ = try await ingestor(fixture.store).ingestWorkouts(in: week)
        let second = workout("yoga", "18:00", minutes: 30)
        try await fixture.store.save([second])
        let again = try await ingestor(fixture.store).ingestWorkouts(in: week)
        #expect(again.records.map(\.healthKitUUID) == [second.uuid])
        #expect(again.alreadyIngested == [first.uuid])
        let preview = try await ingestor(fixture.store).workoutSessions(in: week)
        #expect(preview.records.count == 2 && preview.alreadyIngested == [first.uuid, second.uuid])
    }

    @Test("Duplicate Detection Different Keys: a UUID ingested as a meal is not ingested as a workout")
    func duplicateDetectionDifferentKeys() async throws {
        let fixture = try InsightsFixture()
        let run = workout("running", "07:00", minutes: 30)
        try await fixture.store.save([run])
        let claimed = try await fixture.store.recordIngestion([
            IngestionEntry(sampleUUID: run.uuid, kind: HealthIngestor.mealKind, recordID: UUID(), ingestedAt: Date())
        ])
        #expect(claimed == [run.uuid])
        #expect(try await ingestor(fixture.store).ingestWorkouts(in: week).records.count == 1)
    }

    @Test("UUID de-duplication across runs: the ledger persists in the store file")
    func acrossRuns() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([workout("running", "07:00", minutes: 30)])
        let samples = try await nutrition(fixture.store)
        let first = try await ingestor(fixture.store).ingestMeals(on: day)
        #expect(first.records.map(\.sampleCount) == [2, 2])
        #expect(try await ingestor(fixture.store).ingestWorkouts(in: week).records.count == 1)

        let reopened = try fixture.reopen()
        let meals = try await ingestor(reopened).ingestMeals(on: day)
        #expect(meals.records.isEmpty && meals.alreadyIngested.count == 4)
        #expect(try await ingestor(reopened).ingestWorkouts(in: week).records.isEmpty)
        // A late sample for breakfast is new; only it is ingested.
        let late = Sample.quantity(
            .dietaryEnergyConsumed, 50, .kilocalorie, start: berlin("09:30"),
            source: InsightsFixture.phone)
        try await reopened.save([late])
        let more = try await ingestor(reopened).ingestMeals(on: day)
        #expect(more.records.map(\.itemUUIDs) == [[late.uuid]])
        #expect(samples.count == 5)
    }

    @Test("Meals from the store: food correlations count once, other days are ignored, macros summed")
    func mealsFromStore() async throws {
        let fixture = try InsightsFixture()
        let samples = try await nutrition(fixture.store)
        let result = try await ingestor(fixture.store).meals(on: day)
        #expect(result.unreadableTypes.isEmpty)
        #expect(result.records.map(\.mealType) == [.breakfast, .lunch])
        let breakfast = result.records[0], lunch = result.records[1]
        #expect(breakfast.kilocalories == 500 && breakfast.protein == 20 && breakfast.carbohydrates == nil)
        #expect(breakfast.itemUUIDs == [samples[0].uuid, samples[1].uuid])
        #expect(
            lunch.kilocalories == 650 && lunch.carbohydrates == 80
                && lunch.confidence == MealGrouping.confidence(sampleCount: 2))
    }

    @Test("Authorization: meals and workouts use what may be read and name what is missing")
    func partialAuthorization() async throws {
        let fixture = try InsightsFixture()
        _ = try await nutrition(fixture.store)
        try await fixture.store.save([workout("running", "07:00", minutes: 30)])
        try await fixture.store.setAuthorization(.sharingDenied, for: .food, access: .read)
        try await fixture.store.setAuthorization(.sharingDenied, for: .dietaryCarbohydrates, access: .read)
        try await fixture.store.setAuthorization(.sharingDenied, for: .workout, access: .read)
        let meals = try await ingestor(fixture.store).ingestMeals(on: day)
        #expect(meals.unreadableTypes == [.food, .dietaryCarbohydrates])
        // Without correlations their members are items of their own; carbohydrates are left out.
        #expect(meals.records.map(\.sampleCount) == [3, 1])
        #expect(meals.records.map(\.kilocalories) == [500, 650] && meals.records[1].carbohydrates == nil)
        let workouts = try await ingestor(fixture.store).ingestWorkouts(in: week)
        #expect(workouts.records.isEmpty && workouts.unreadableTypes == [.workout])
    }
}
