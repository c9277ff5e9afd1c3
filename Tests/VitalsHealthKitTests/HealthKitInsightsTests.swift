import Foundation
import HealthKit
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsTesting

@testable import VitalsHealthKit

/// The insights engine over the HealthKit adapter answers what it answers over a local store of
/// the same samples: the engine is written once over the read protocol.
@Suite("HealthKit adapter: insights as a local store gives them")
struct HealthKitInsightsTests {
    @Test("A day's insights and a period's scores over HealthKit equal those over a local store of the same samples")
    func sameInsights() async throws {
        // Workouts are built through HKWorkoutBuilder, not recorded as objects: left out on both sides.
        let samples = InsightsSamples.samples().filter { $0.type != .workout }
        try await HealthKitHarness.run { harness in
            for (source, group) in Dictionary(grouping: samples, by: \.source) {
                harness.simulator.record(try group.map { try HealthKitSampleConverter.object(from: $0) }, from: source)
            }
            var configuration = harness.configuration()
            configuration.calendar = InsightsSamples.calendar
            configuration.readTypes = Set(samples.map(\.type))
            let healthKit = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: configuration)
            try await healthKit.requestAuthorization()

            var localConfiguration = SQLiteHealthStore.Configuration()
            localConfiguration.calendar = InsightsSamples.calendar
            let local = try SQLiteHealthStore(
                path: harness.directory.appendingPathComponent("local.sqlite").path, configuration: localConfiguration)
            try await local.save(samples)

            let day = InsightsSamples.lastDay
            let expected = try await InsightsEngine(reader: local, calendar: InsightsSamples.calendar).day(day)
            // The samples give every figure, so equality is not two empty answers.
            #expect(expected.sleepScore.value != nil && expected.readiness.value != nil)
            #expect(expected.overnight.metrics.allSatisfy { $0.value != nil && $0.baseline != nil })
            let engine = InsightsEngine(reader: healthKit, calendar: InsightsSamples.calendar)
            let answered = try await engine.day(day)
            #expect(answered.sleepScore == expected.sleepScore)
            #expect(answered.overnight == expected.overnight)
            #expect(answered.readiness == expected.readiness)
            #expect(answered.trends == expected.trends)
            #expect(answered.factors == expected.factors)

            let first = day.adding(days: -30)
            let scores = try await engine.scores(from: first, through: day)
            let localScores = try await InsightsEngine(reader: local, calendar: InsightsSamples.calendar).scores(
                from: first, through: day)
            #expect(scores.count == 31 && scores.values.filter { $0.readiness.value != nil }.count >= 10)
            for date in localScores.keys.sorted() {
                #expect(scores[date] == localScores[date], "\(date)")
            }
        }
    }
}
