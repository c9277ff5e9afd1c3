import Foundation
import HealthKit
import Testing
import VitalsCore
import VitalsHealthKit
import VitalsInsights
import VitalsStore

@Suite("Seed 002 on Apple platforms: the app's store first, then HealthKit")
struct HealthKitMirrorTests {
    @Test("Sync: write to the local store first, then to HealthKit, which assigns its own UUID; a delete follows it")
    func localFirstThenHealthKit() async throws {
        try await HealthKitHarness.run { harness in
            let enabled = HealthKitEnabledSetting.inMemory(false)
            var mirrorConfiguration = harness.configuration(enabled: enabled)
            mirrorConfiguration.shareTypes.insert(.bodyMass)    // an app mirroring weights writes them
            let healthKit = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: mirrorConfiguration)
            var configuration = SQLiteHealthStore.Configuration()
            configuration.appSource = HealthKitHarness.app
            let local = try SQLiteHealthStore(path: harness.directory.appendingPathComponent("app.sqlite").path,
                                              configuration: configuration)
            let editor = MirroredRecordEditor(local: local, mirror: healthKit, outbox: try SQLiteMirrorOutbox(local))
            let weight = WeightRecord(date: HealthKitHarness.at(hour: 7), kilograms: 80, source: HealthKitHarness.app)

            // HealthKit switched off in the app: the record is kept locally and waits.
            let added = try await editor.add(weight)
            #expect(added.mirrorFailure?.code == .unavailable)
            #expect(try await local.sample(withUUID: weight.id) != nil)
            #expect(harness.simulator.storedSamples(of: HKQuantityTypeIdentifier.bodyMass.rawValue).isEmpty)

            // Switched on and authorized: the retry writes it once, under HealthKit's own UUID.
            enabled.setEnabled(true)
            try await healthKit.requestAuthorization()
            let retried = try await editor.retryPending()
            #expect(retried.mirrored == 1, "\(retried.failures.map(\.error))")
            let stored = harness.simulator.storedSamples(of: HKQuantityTypeIdentifier.bodyMass.rawValue)
            let sample = try #require(stored.first as? HKQuantitySample)
            #expect(stored.count == 1 && sample.uuid != weight.id)
            #expect(sample.quantity.doubleValue(for: HKUnit(from: "kg")) == 80)
            #expect(sample.metadata?[HKMetadataKeySyncIdentifier] as? String == weight.id.uuidString)
            #expect(try await editor.retryPending().mirrored == 0)

            let deleted = try await editor.delete(weight.id)
            #expect(deleted.isMirrored)
            #expect(harness.simulator.storedSamples(of: HKQuantityTypeIdentifier.bodyMass.rawValue).isEmpty)
        }
    }
}
