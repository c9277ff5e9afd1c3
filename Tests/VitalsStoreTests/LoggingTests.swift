import Foundation
import Testing
import VitalsCore
import VitalsInsights

@testable import VitalsStore

@Suite("Logging methods (seed 000)")
struct LoggingTests {
    let berlin = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)

    @Test("Log Mindfulness Session: a mindful-session category sample with the app's source")
    func logMindfulness() async throws {
        let temp = try TemporaryStore()
        let start = date("2025-10-01T07:00:00Z"), end = date("2025-10-01T07:12:30Z")
        let logged = try await temp.store.logMindfulness(start: start, end: end)
        let stored = try await temp.store.samples(of: .mindfulSession).value
        #expect(stored.map(\.uuid) == [logged.uuid])
        #expect(stored[0].start == start && stored[0].end == end)
        #expect(stored[0].duration / 60 == 12.5)
        #expect(stored[0].source == temp.store.appSource)
        await #expect(throws: VitalsError.self) { try await temp.store.logMindfulness(start: end, end: start) }
    }

    @Test("Log Workout with Calories: HIIT by default, MET × latest body mass × hours, energy associated")
    func logWorkout() async throws {
        let temp = try TemporaryStore()
        let start = date("2025-10-01T18:00:00Z"), end = date("2025-10-01T18:45:00Z")
        // No body mass yet: the configured default (70 kg) is used. HIIT is 8 MET.
        let first = try await temp.store.logWorkout(start: start, end: end, activity: .highIntensityIntervalTraining)
        #expect(abs(first.workout!.statistics(for: .activeEnergyBurned)!.sum! - 8 * 70 * 0.75) < 1e-9)
        try await temp.store.save(
            .quantity(.bodyMass, 80, .kilogram, start: date("2025-09-01T08:00:00Z"), source: iPhone))
        try await temp.store.save(
            .quantity(.bodyMass, 200, .pound, start: date("2025-09-20T08:00:00Z"), source: iPhone))
        let second = try await temp.store.logWorkout(
            start: start.addingTimeInterval(86_400), end: end.addingTimeInterval(86_400),
            activity: .running)
        let kilograms = 200 * 0.45359237
        #expect(abs(second.workout!.statistics(for: .activeEnergyBurned)!.sum! - 9.8 * kilograms * 0.75) < 1e-6)

        let workouts = try await temp.store.samples(of: .workout).value
        #expect(workouts.map(\.workout!.activityType) == [.highIntensityIntervalTraining, .running])
        #expect(workouts[0].duration / 60 == 45)
        let energy = try await temp.store.samples(of: .activeEnergyBurned).value
        #expect(energy.count == 2)
        #expect(workouts[0].workout!.associatedSamples.map(\.uuid) == [energy[0].uuid])
        #expect(energy[0].quantity!.unit.unitString == "kcal")
        #expect(energy.allSatisfy { $0.source == temp.store.appSource })
    }

    @Test("Log Alcohol Consumption: level 0, 4 or 6 at local midnight; logging again replaces the day")
    func logAlcohol() async throws {
        let temp = try TemporaryStore { $0.calendar = self.berlin }
        let evening = date("2025-10-03T21:30:00+02:00")
        _ = try await temp.store.logAlcohol(drinks: .moderate, date: evening)
        let replaced = try await temp.store.logAlcohol(drinks: .heavy, date: date("2025-10-03T23:00:00+02:00"))
        _ = try await temp.store.logAlcohol(drinks: .none, date: date("2025-10-04T00:30:00+02:00"))
        let stored = try await temp.store.samples(of: .numberOfAlcoholicBeverages).value
        #expect(stored.count == 2)
        #expect(ISO8601.format(stored[0].start, in: berlin.timeZone) == "2025-10-03T00:00:00+02:00")
        #expect(stored[0].uuid == replaced.uuid && stored[0].quantity?.value == 6)
        #expect(stored[0].quantity?.unit == .count)
        #expect(ISO8601.format(stored[1].start, in: berlin.timeZone) == "2025-10-04T00:00:00+02:00")
        #expect(stored[1].quantity?.value == 0)
    }
}

@Suite("Store statistics")
struct StoreStatisticsTests {
    @Test("iPhone and Watch steps merge with the Watch first by default; priority can be changed")
    func mergedThroughStore() async throws {
        let temp = try TemporaryStore()
        let watchDevice = Device(name: "Apple Watch", model: "Watch")
        let phoneDevice = Device(name: "iPhone", model: "iPhone")
        // The phone appears first, but the watch still wins by default.
        try await temp.store.save([
            .quantity(
                .stepCount, 1200, .count, start: date("2025-10-01T10:30:00Z"), end: date("2025-10-01T11:30:00Z"),
                source: Source(name: "Phone", bundleIdentifier: "com.apple.health.1"), device: phoneDevice),
            .quantity(
                .stepCount, 1000, .count, start: date("2025-10-01T10:00:00Z"), end: date("2025-10-01T11:00:00Z"),
                source: Source(name: "Wrist", bundleIdentifier: "com.apple.health.2"), device: watchDevice),
        ])
        let range = try DateRange(start: date("2025-10-01T00:00:00Z"), end: date("2025-10-03T00:00:00Z"))
        let query = StatisticsQuery(
            type: .stepCount, range: range, interval: .day, calendar: .gregorian(in: .gmt),
            options: [.sum, .separateBySource])
        let merged = try await temp.store.statistics(query).value
        #expect(merged.count == 2)
        #expect(abs(merged[0].sum! - 1600) < 1e-9)
        #expect(merged[1].sum == nil)
        #expect(merged[0].bySource.map(\.source.name) == ["Wrist", "Phone"])
        #expect(try await temp.store.sources(for: .stepCount).map(\.name) == ["Wrist", "Phone"])

        try await temp.store.setSourcePriority(["Phone"], for: .stepCount)
        let flipped = try await temp.store.statistics(query).value
        #expect(abs(flipped[0].sum! - 1700) < 1e-9)
        #expect(try await temp.store.sources(for: .stepCount).map(\.name) == ["Phone", "Wrist"])
        await #expect(throws: VitalsError.self) { try await temp.store.setSourcePriority(["Nobody"], for: .stepCount) }
    }

    @Test("Sum on a discrete type is a clear error")
    func wrongOption() async throws {
        let temp = try TemporaryStore()
        let range = try DateRange(start: date("2025-10-01T00:00:00Z"), end: date("2025-10-02T00:00:00Z"))
        let query = StatisticsQuery(
            type: .heartRate, range: range, interval: .day, calendar: .gregorian(in: .gmt), options: .sum)
        do {
            _ = try await temp.store.statistics(query)
            Issue.record("expected an error")
        } catch let error as VitalsError {
            #expect(error.code == .unsupportedStatistics)
            #expect(error.message.contains("cumulative"))
        }
    }
}
