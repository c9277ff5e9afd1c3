import Foundation
import HealthKit
import Testing
import VitalsCore
import VitalsHealthKit
import VitalsInsights
import VitalsStore

@Suite("HealthKit adapter: seed 000 logging methods and write failures")
struct HealthKitWritingTests {
    @Test("Log Mindfulness Session: an HKCategorySample of mindfulSession, times kept, tagged with the app")
    func logMindfulnessSession() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let start = HealthKitHarness.at(hour: 7), end = HealthKitHarness.at(hour: 7.5)
            let logged = try await store.logMindfulness(start: start, end: end)
            let stored = harness.simulator.storedSamples(of: HKCategoryTypeIdentifier.mindfulSession.rawValue)
            #expect(stored.count == 1)
            let sample = try #require(stored.first as? HKCategorySample)
            #expect(sample.value == HKCategoryValue.notApplicable.rawValue)
            #expect(sample.startDate == start && sample.endDate == end)
            #expect(sample.sourceRevision.source.bundleIdentifier == HealthKitHarness.app.bundleIdentifier)
            #expect(logged.uuid == sample.uuid)
            #expect(logged.source == HealthKitHarness.app)
            #expect(logged.duration / 60 == 30)
        }
    }

    @Test("Log Workout with Calories: HKWorkoutBuilder, HIIT, active energy from MET x body mass x hours")
    func logWorkoutWithCalories() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let mass = 82.0
            let scale = HKQuantitySample(
                type: HKQuantityType(.bodyMass),
                quantity: HKQuantity(
                    unit: HKUnit(from: "kg"), doubleValue: mass), start: HealthKitHarness.day,
                end: HealthKitHarness.day,
                device: nil, metadata: nil)
            harness.simulator.record([scale], from: HealthKitHarness.otherApp)
            let start = HealthKitHarness.at(hour: 18), end = HealthKitHarness.at(hour: 18.75)
            let logged = try await store.logWorkout(start: start, end: end)

            let workouts = harness.simulator.storedSamples(of: HKObjectType.workoutType().identifier)
            let workout = try #require(workouts.first as? HKWorkout)
            #expect(workouts.count == 1)
            #expect(workout.workoutActivityType == .highIntensityIntervalTraining)
            #expect(workout.duration == 45 * 60)
            let expected = ActivityLog.met(for: .highIntensityIntervalTraining) * mass * 0.75
            let energy = harness.simulator.storedSamples(of: HKQuantityTypeIdentifier.activeEnergyBurned.rawValue)
            let energySample = try #require(energy.first as? HKQuantitySample)
            #expect(abs(energySample.quantity.doubleValue(for: .kilocalorie()) - expected) < 1e-9)
            let total = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()
            #expect(abs((total?.doubleValue(for: .kilocalorie()) ?? 0) - expected) < 1e-9)
            #expect(logged.uuid == workout.uuid)
            #expect(logged.workout?.associatedSamples.map(\.uuid) == [energySample.uuid])
        }
    }

    @Test("Seeds 002/004: a default adapter reads resting energy and nutrition once authorized")
    func defaultReadTypes() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let start = HealthKitHarness.at(hour: 12)
            let recorded: [(SampleType, String, Double)] = [
                (.basalEnergyBurned, "kcal", 1650), (.dietaryEnergyConsumed, "kcal", 640), (.dietaryProtein, "g", 32),
                (.dietaryCarbohydrates, "g", 71), (.dietaryFatTotal, "g", 21),
            ]
            for (type, unit, value) in recorded {
                let identifier = HKQuantityTypeIdentifier(rawValue: type.identifier)
                let sample = HKQuantitySample(
                    type: HKQuantityType(identifier),
                    quantity: HKQuantity(
                        unit: HKUnit(from: unit), doubleValue: value), start: start, end: start, device: nil,
                    metadata: nil)
                harness.simulator.record([sample], from: HealthKitHarness.otherApp)
            }
            for type in [
                SampleType.basalEnergyBurned, .dietaryEnergyConsumed, .dietaryProtein, .dietaryCarbohydrates,
                .dietaryFatTotal,
            ] {
                let result = try await store.samples(of: type)
                #expect(result.value.count == 1, "\(type.identifier)")
                #expect(result.unreadableTypes.isEmpty, "\(type.identifier)")
            }
            let resting = try await RestingQuery().records(
                from: HealthKitHarness.day, to: HealthKitHarness.at(hour: 24),
                store: store)
            #expect(resting.value.count == 1 && resting.unreadableTypes.isEmpty)
        }
    }

    @Test(
        "NoAlc across time zones: an entry logged at Berlin midnight carries HKTimeZone and stays a Berlin day in New York"
    )
    func noAlcKeepsItsZone() async throws {
        try await HealthKitHarness.run { harness in
            var berlinConfiguration = harness.configuration()
            berlinConfiguration.calendar = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)
            let berlin = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: berlinConfiguration)
            try await berlin.requestAuthorization()
            // 1-3 Oct 2025, alcohol-free, logged in Berlin in the evening.
            for day in 1...3 {
                _ = try await berlin.logAlcohol(
                    drinks: .none, date: Date(timeIntervalSince1970: 1_759_341_600 + Double(day - 1) * 86_400))
            }
            let stored = harness.simulator.storedSamples(
                of: HKQuantityTypeIdentifier.numberOfAlcoholicBeverages.rawValue)
            #expect(stored.count == 3)
            #expect(stored.allSatisfy { $0.metadata?[HKMetadataKeyTimeZone] as? String == "Europe/Berlin" })
            // Counted in New York (Berlin midnight is 18:00 the day before there), the days stay 1-3 Oct.
            var newYorkConfiguration = harness.configuration()
            newYorkConfiguration.calendar = Calendar.gregorian(in: TimeZone(identifier: "America/New_York")!)
            let newYork = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: newYorkConfiguration)
            let query = DailyActivityQuery.forApp(of: newYork, calendar: newYorkConfiguration.calendar)
            let streak = try await StreakCounter(activity: .noalc, query: query)
                .streak(now: Date(timeIntervalSince1970: 1_759_521_600), store: newYork)  // 3 Oct 2025, 16:00 New York
            #expect(streak.length == 3)
            #expect(streak.days.first == (try LocalDate(parsing: "2025-10-03")))
            #expect(streak.days.last == (try LocalDate(parsing: "2025-10-01")))
        }
    }

    @Test(
        "Workouts across time zones: one logged in Berlin carries HKTimeZone and keeps its Berlin day in New York's calendar and streak"
    )
    func workoutKeepsItsZone() async throws {
        try await HealthKitHarness.run { harness in
            var berlinConfiguration = harness.configuration()
            berlinConfiguration.calendar = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)
            let berlin = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: berlinConfiguration)
            try await berlin.requestAuthorization()
            // 1-3 Oct 2025, 00:30-01:00 in Berlin: 18:30-19:00 the evening before in New York.
            for day in 1...3 {
                let start = Date(timeIntervalSince1970: 1_759_271_400 + Double(day - 1) * 86_400)
                _ = try await berlin.logWorkout(start: start, end: start.addingTimeInterval(30 * 60))
            }
            let stored = harness.simulator.storedSamples(of: HKObjectType.workoutType().identifier)
            #expect(stored.count == 3)
            #expect(stored.allSatisfy { $0.metadata?[HKMetadataKeyTimeZone] as? String == "Europe/Berlin" })
            // After flying to New York, the calendar and the streak still count 1-3 Oct.
            var newYorkConfiguration = harness.configuration()
            newYorkConfiguration.calendar = Calendar.gregorian(in: TimeZone(identifier: "America/New_York")!)
            let newYork = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: newYorkConfiguration)
            let query = DailyActivityQuery.forApp(of: newYork, calendar: newYorkConfiguration.calendar)
            let october = try await ActivityCalendar(query: query).month(
                YearMonth(year: 2025, month: 10), store: newYork)
            #expect(
                october.days.filter { $0.met.contains(.workout) }.map(\.activity.day.description)
                    == ["2025-10-01", "2025-10-02", "2025-10-03"])
            let streak = try await StreakCounter(activity: .workout, query: query)
                .streak(now: Date(timeIntervalSince1970: 1_759_536_000), store: newYork)  // 3 Oct 2025, 20:00 New York
            #expect(streak.length == 3 && streak.todayCounted)
            #expect(streak.days.first == (try LocalDate(parsing: "2025-10-03")))
            #expect(streak.days.last == (try LocalDate(parsing: "2025-10-01")))
        }
    }

    @Test("Log Alcohol Consumption: beverages at local midnight; logging the day again replaces the entry")
    func logAlcoholConsumption() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            _ = try await store.logAlcohol(drinks: .moderate, date: HealthKitHarness.at(hour: 21))
            let logged = try await store.logAlcohol(drinks: .heavy, date: HealthKitHarness.at(hour: 22))
            let stored = harness.simulator.storedSamples(
                of: HKQuantityTypeIdentifier.numberOfAlcoholicBeverages.rawValue)
            let sample = try #require(stored.first as? HKQuantitySample)
            #expect(stored.count == 1)
            #expect(sample.startDate == HealthKitHarness.calendar.startOfDay(for: HealthKitHarness.at(hour: 22)))
            #expect(sample.quantity.doubleValue(for: .count()) == Double(NoAlcLevel.heavy.rawValue))
            #expect(logged.quantity?.value == 6)
        }
    }

    @Test("Permission Changed Mid-Session: a revoked share permission is a clear error on the next write")
    func permissionChangedMidSession() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            _ = try await store.logMindfulness(start: HealthKitHarness.at(hour: 7), end: HealthKitHarness.at(hour: 7.5))
            harness.simulator.setShareStatus(.sharingDenied, for: HKCategoryTypeIdentifier.mindfulSession.rawValue)
            do {
                _ = try await store.logMindfulness(
                    start: HealthKitHarness.at(hour: 8), end: HealthKitHarness.at(hour: 8.5))
                Issue.record("the write succeeded after the permission was revoked")
            } catch let error as VitalsError {
                #expect(error.code == .authorizationDenied)
                #expect(error.message.contains("mindfulSession"))
                #expect(error.message.contains("revoked"))
            }
            #expect(harness.simulator.storedSamples(of: HKCategoryTypeIdentifier.mindfulSession.rawValue).count == 1)
            #expect(try await store.authorizationSummary().state == .partiallyAuthorized(missing: [.mindfulSession]))
        }
    }

    @Test("Writing before authorization says to request it")
    func writeBeforeAuthorization() async throws {
        try await HealthKitHarness.run { harness in
            let store = harness.store()
            do {
                _ = try await store.logAlcohol(drinks: .none, date: HealthKitHarness.day)
                Issue.record("the write succeeded without authorization")
            } catch let error as VitalsError {
                #expect(error.code == .authorizationNotDetermined)
            }
        }
    }

    @Test("Locked device on save: the save succeeds, queries answer stale from cache, data appears on unlock")
    func lockedDeviceOnSave() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            _ = try await store.logMindfulness(start: HealthKitHarness.at(hour: 6), end: HealthKitHarness.at(hour: 6.5))
            let before = try await store.samples(of: .mindfulSession)
            #expect(before.value.count == 1)

            harness.simulator.isDeviceLocked = true
            _ = try await store.logMindfulness(start: HealthKitHarness.at(hour: 7), end: HealthKitHarness.at(hour: 7.5))
            #expect(harness.simulator.storedSamples(of: HKCategoryTypeIdentifier.mindfulSession.rawValue).count == 1)
            let locked = try await store.samples(of: .mindfulSession)
            #expect(locked.staleBecause?.code == .databaseInaccessible)
            #expect(locked.value.map(\.uuid) == before.value.map(\.uuid))
            await #expect(throws: VitalsError.self) {
                _ = try await store.changes(since: nil, types: [.mindfulSession])
            }

            harness.simulator.isDeviceLocked = false
            let unlocked = try await store.samples(of: .mindfulSession)
            #expect(!unlocked.isStale)
            #expect(unlocked.value.count == 2)
        }
    }

    @Test("Workout builder returning nil on a locked device: no error, the workout is saved on unlock")
    func workoutBuilderReturnsNil() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            harness.simulator.isDeviceLocked = true
            let logged = try await store.logWorkout(
                start: HealthKitHarness.at(hour: 18), end: HealthKitHarness.at(hour: 18.5),
                activity: .running)
            #expect(logged.workout?.activityType == .running)
            #expect(harness.simulator.storedSamples(of: HKObjectType.workoutType().identifier).isEmpty)
            harness.simulator.isDeviceLocked = false
            let saved = harness.simulator.storedSamples(of: HKObjectType.workoutType().identifier)
            #expect((saved.first as? HKWorkout)?.workoutActivityType == .running)
            #expect(saved.count == 1)
        }
    }

    @Test("Generic save and delete: all or none, only this app's samples")
    func saveAndDelete() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let energy = Sample.quantity(
                .activeEnergyBurned, 120, .kilocalorie, start: HealthKitHarness.at(hour: 9),
                end: HealthKitHarness.at(hour: 10), source: store.appSource)
            let summary = try await store.save([energy])
            #expect(summary.added == 1)
            let saved = try await store.samples(of: .activeEnergyBurned).value
            #expect(saved.map { $0.quantity?.value } == [120])
            #expect(try await store.delete(saved.map(\.uuid)) == 1)
            #expect(try await store.samples(of: .activeEnergyBurned).value.isEmpty)
            await #expect(throws: VitalsError.self) { _ = try await store.delete([UUID()]) }
        }
    }
}
