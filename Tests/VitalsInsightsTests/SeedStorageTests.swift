import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

@Suite("Data types and logging through the insights logger (seed 000)")
struct SeedStorageTests {
    typealias T = ActivityTestStore

    @Test(
        "Mindfulness Session Storage and Log Mindfulness Session: a mindful-session sample in minutes, tagged with the app"
    )
    func mindfulnessSessionStorage() async throws {
        let temp = try T()
        let logger = try ActivityLogger(store: temp.store, now: { T.at("2025-10-01T21:00:00+02:00") })
        let start = T.at("2025-10-01T07:00:00+02:00"), end = T.at("2025-10-01T07:12:30+02:00")
        let logged = try await logger.logMindfulness(start: start, end: end)
        #expect(logged.sample.type == .mindfulSession && logged.sample.source == T.app)
        let stored = try #require(try await temp.store.samples(of: .mindfulSession).value.first)
        #expect(stored.start == start && stored.end == end)
        let day = T.day("2025-10-01")
        #expect(try await temp.query().report(days: day...day, store: temp.store).days[0].mindfulnessMinutes == 12.5)
    }

    @Test("Workout Storage, Active Energy Storage and Log Workout with Calories: HIIT, minutes, kcal from MET")
    func workoutStorage() async throws {
        let temp = try T()
        let logger = try ActivityLogger(store: temp.store, now: { T.at("2025-10-01T21:00:00+02:00") })
        let start = T.at("2025-10-01T18:00:00+02:00")
        let logged = try await logger.logWorkout(start: start, end: start.addingTimeInterval(45 * 60))
        let workout = try #require(logged.sample.workout)
        #expect(workout.activityType == .highIntensityIntervalTraining)
        let energy = try #require(try await temp.store.samples(of: .activeEnergyBurned).value.first)
        #expect(energy.quantity?.unit == .kilocalorie)
        #expect(abs((energy.quantity?.value ?? 0) - 8.0 * 70 * 0.75) < 0.001)
        let day = T.day("2025-10-01")
        #expect(try await temp.query().report(days: day...day, store: temp.store).days[0].workoutMinutes == 45)
    }

    @Test("Alcohol Consumption Storage: a beverage count sample of the day's level")
    func alcoholConsumptionStorage() async throws {
        let temp = try T()
        let logger = try ActivityLogger(store: temp.store, now: { T.at("2025-10-01T21:00:00+02:00") })
        let logged = try await logger.logAlcohol(drinks: .heavy, date: T.at("2025-10-01T20:00:00+02:00"))
        #expect(logged.sample.type == .numberOfAlcoholicBeverages)
        #expect(logged.sample.quantity == Quantity(6, .count))
        #expect(logged.sample.start == T.at("2025-10-01T00:00:00+02:00"))
    }
}
