import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

/// Seed 004's stored records: `workout_sessions`, `workout_rows`, `nutrition_logs`, CRUD and
/// applying sync results.
extension IngestionTests {
    @Test("Seed 004 round trip: ingest, list, re-ingest adds nothing, ids stable across runs")
    func roundTrip() async throws {
        let fixture = try InsightsFixture()
        let run = workout("running", "07:00", minutes: 30)
        try await fixture.store.save([run, workout("yoga", "18:00", minutes: 45, day: "2025-10-15")])
        let samples = try await nutrition(fixture.store)
        let preview = try await ingestor(fixture.store).workoutSessions(in: week)
        let first = try await ingestor(fixture.store).ingestWorkouts(in: week)
        #expect(first.records.count == 2)
        #expect(first.records.map(\.id) == preview.records.map(\.id))
        #expect(first.records[0].id == RecordIdentity.session(healthKitUUID: run.uuid))
        let meals = try await ingestor(fixture.store).ingestMeals(on: day)
        #expect(
            meals.records.map(\.id) == [RecordIdentity.meal(.breakfast, on: day), RecordIdentity.meal(.lunch, on: day)])

        // The next run of the app lists what was stored; ingesting again adds nothing.
        let reopened = try fixture.reopen()
        let records = try SQLiteAppRecordStore(reopened)
        let stored = try await records.workoutSessions(in: nil)
        #expect(stored == first.records)
        #expect(
            try await records.workoutSessions(in: DateRange(clampingStart: berlin("00:00"), end: berlin("23:59")))
                .map(\.activity.name) == ["running"])
        #expect(try await ingestor(reopened).ingestWorkouts(in: week).records.isEmpty)
        #expect(try await ingestor(reopened).ingestMeals(on: day).records.isEmpty)
        #expect(try await records.workoutSessions(in: nil) == stored)
        let storedMeals = try await records.nutritionLogs(on: day...day)
        #expect(storedMeals == meals.records)
        #expect(storedMeals.map(\.source) == [.healthKit, .healthKit])
        #expect(storedMeals[0].itemUUIDs == [samples[0].uuid, samples[1].uuid])
        #expect(try await records.nutritionLogs(on: nil).count == 2)
    }

    @Test("Apply sync results: a late item joins its stored meal once, totals and confidence follow its items")
    func lateItemJoinsMeal() async throws {
        let fixture = try InsightsFixture()
        _ = try await nutrition(fixture.store)
        let records = try SQLiteAppRecordStore(fixture.store)
        _ = try await ingestor(fixture.store).ingestMeals(on: day)
        let late = Sample.quantity(
            .dietaryEnergyConsumed, 50, .kilocalorie, start: berlin("09:30"),
            source: InsightsFixture.phone)
        try await fixture.store.save([late])
        let more = try await ingestor(fixture.store).ingestMeals(on: day)
        #expect(more.records.map(\.itemUUIDs) == [[late.uuid]])
        let breakfast = try #require(try await records.nutritionLog(id: RecordIdentity.meal(.breakfast, on: day)))
        #expect(breakfast.kilocalories == 550 && breakfast.protein == 20 && breakfast.carbohydrates == nil)
        #expect(breakfast.sampleCount == 3 && breakfast.end == berlin("09:30"))
        #expect(breakfast.confidence == MealGrouping.confidence(sampleCount: 3))
        // Applying the same results again changes nothing.
        #expect(try await records.applyIngestedMeals(more.records, at: Date()).isEmpty)
        #expect(try await records.nutritionLog(id: breakfast.id) == breakfast)
    }

    @Test("Apply sync results idempotently: a run stopped after storing and before the ledger stores nothing twice")
    func interruptedRun() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([workout("running", "07:00", minutes: 30)])
        let records = try SQLiteAppRecordStore(fixture.store)
        let sessions = try await ingestor(fixture.store).workoutSessions(in: week).records
        #expect(try await records.applyIngestedSessions(sessions, at: Date()) == Set(sessions.map(\.id)))
        let rerun = try await ingestor(fixture.store).ingestWorkouts(in: week)
        #expect(rerun.records.map(\.id) == sessions.map(\.id))
        #expect(try await records.workoutSessions(in: nil).count == 1)
        #expect(try await ingestor(fixture.store).ingestWorkouts(in: week).records.isEmpty)
    }

    @Test("CRUD: sessions and meals entered by hand are created, read, updated and deleted with their rows")
    func crud() async throws {
        let fixture = try InsightsFixture()
        let records = try SQLiteAppRecordStore(fixture.store)
        var session = WorkoutSession(
            activity: WorkoutActivityType(name: "traditionalStrengthTraining")!,
            start: berlin("18:00"), end: berlin("19:00"), source: InsightsFixture.app)
        #expect(session.template == .strength && session.durationMinutes == 60 && session.rows.count == 1)
        try await records.saveWorkoutSession(session)
        #expect(try await records.workoutSession(id: session.id) == session)
        session.activeKilocalories = 320
        session.rows = [
            WorkoutRow(
                sessionID: session.id, position: 0, activity: session.activity,
                start: session.start, end: berlin("18:30"), durationMinutes: 30),
            WorkoutRow(
                sessionID: session.id, position: 1, activity: WorkoutActivityType(name: "yoga")!,
                start: berlin("18:30"), end: session.end, durationMinutes: 30),
        ]
        try await records.saveWorkoutSession(session)
        #expect(try await records.workoutSession(id: session.id) == session)
        #expect(try await records.deleteWorkoutSession(id: session.id))
        #expect(try await !records.deleteWorkoutSession(id: session.id))
        #expect(try await records.workoutSession(id: session.id) == nil)
        #expect(
            try await fixture.store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM workout_rows") }
                == 0)

        var meal = NutritionLog(
            day: day, mealType: .dinner, start: berlin("19:00"), end: berlin("19:00"),
            kilocalories: 700, protein: 35)
        #expect(meal.source == .manual && meal.confidence == 1 && meal.items.isEmpty)
        try await records.saveNutritionLog(meal)
        meal.fat = 20
        try await records.saveNutritionLog(meal)
        #expect(try await records.nutritionLogs(on: day...day) == [meal])
        #expect(try await records.deleteNutritionLog(id: meal.id))
        #expect(try await records.nutritionLogs(on: nil).isEmpty)
    }

    @Test("Deleted stays deleted: a session removed from the records is not ingested again")
    func deletedStaysDeleted() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([workout("running", "07:00", minutes: 30)])
        let records = try SQLiteAppRecordStore(fixture.store)
        let session = try #require(try await ingestor(fixture.store).ingestWorkouts(in: week).records.first)
        #expect(try await records.deleteWorkoutSession(id: session.id))
        #expect(try await ingestor(fixture.store).ingestWorkouts(in: week).records.isEmpty)
        #expect(try await records.workoutSessions(in: nil).isEmpty)
    }

    @Test("Last sync timestamp: none before the first sync, then each run's time, new data or not")
    func lastSyncTime() async throws {
        let fixture = try InsightsFixture()
        try await fixture.store.save([workout("running", "07:00", minutes: 30)])
        let clock = Locked(berlin("20:00"))
        let ingestor = HealthIngestor(
            store: fixture.store, ledger: fixture.store,
            records: try SQLiteAppRecordStore(fixture.store),
            calendar: InsightsFixture.calendar, now: { clock.withLock { $0 } })
        #expect(try await ingestor.lastSync(of: .workout) == nil)
        _ = try await ingestor.ingestWorkouts(in: week)
        #expect(try await ingestor.lastSync(of: .workout) == berlin("20:00"))
        #expect(try await ingestor.lastSync(of: .meal) == nil)
        clock.withLock { $0 = berlin("21:00") }
        #expect(try await ingestor.ingestWorkouts(in: week).records.isEmpty)
        #expect(try await ingestor.lastSync(of: .workout) == berlin("21:00"))
        _ = try await ingestor.ingestMeals(on: day)
        #expect(try await ingestor.lastSync(of: .meal) == berlin("21:00"))
    }
}
