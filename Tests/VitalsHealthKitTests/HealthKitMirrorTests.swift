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
            mirrorConfiguration.shareTypes.insert(.bodyMass)  // an app mirroring weights writes them
            let healthKit = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: mirrorConfiguration)
            var configuration = SQLiteHealthStore.Configuration()
            configuration.appSource = HealthKitHarness.app
            let local = try SQLiteHealthStore(
                path: harness.directory.appendingPathComponent("app.sqlite").path,
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

    @Test(
        "UnifiedQuery over the app's store and HealthKit lists a mirrored record once, as the local one, in either order; the app's other records stay"
    )
    func unifiedQueryListsMirroredRecordOnce() async throws {
        try await HealthKitHarness.run { harness in
            var mirrorConfiguration = harness.configuration()
            mirrorConfiguration.shareTypes.insert(.bodyMass)
            let healthKit = HealthKitHealthStore(healthStore: HKHealthStore(), configuration: mirrorConfiguration)
            try await healthKit.requestAuthorization()
            var configuration = SQLiteHealthStore.Configuration()
            configuration.appSource = HealthKitHarness.app
            let local = try SQLiteHealthStore(
                path: harness.directory.appendingPathComponent("app.sqlite").path,
                configuration: configuration)
            let editor = MirroredRecordEditor(local: local, mirror: healthKit, outbox: try SQLiteMirrorOutbox(local))
            // The same weight entered twice (two records of the app), and another later; all mirrored.
            let first = WeightRecord(date: HealthKitHarness.at(hour: 7), kilograms: 80, source: HealthKitHarness.app)
            let twin = WeightRecord(date: HealthKitHarness.at(hour: 7), kilograms: 80, source: HealthKitHarness.app)
            let evening = WeightRecord(
                date: HealthKitHarness.at(hour: 20), kilograms: 80.6, source: HealthKitHarness.app)
            for record in [first, twin, evening] { #expect(try await editor.add(record).isMirrored) }
            // The app's watch extension wrote one straight to HealthKit, same time and value: a record of its own.
            let watchApp = Source(
                name: "Journey Watch", bundleIdentifier: HealthKitHarness.app.bundleIdentifier + ".watchkitapp")
            let direct = HKQuantitySample(
                type: HKQuantityType(.bodyMass),
                quantity: HKQuantity(
                    unit: HKUnit(from: "kg"), doubleValue: 80), start: HealthKitHarness.at(hour: 7),
                end: HealthKitHarness.at(hour: 7), device: nil, metadata: nil)
            harness.simulator.record([direct], from: watchApp)
            #expect(harness.simulator.storedSamples(of: HKQuantityTypeIdentifier.bodyMass.rawValue).count == 4)

            // Edited locally: the mirror's copy is replaced, and the list still has the record once.
            let edited = try await editor.edit(evening.id, applying: RecordChange(value: Quantity(80.4, .kilogram)))
            #expect(edited.isMirrored)
            let (from, to) = (HealthKitHarness.day, HealthKitHarness.at(hour: 24))
            for stores in [[local, healthKit], [healthKit, local]] as [[any HealthStore]] {
                let merged = try await UnifiedQuery(WeightQuery()).fetch(from: from, to: to, stores: stores).value
                #expect(merged.count == 4, "\(merged.map(\.id))")
                #expect(Set(merged.map(\.id)) == [first.id, twin.id, direct.uuid, edited.value.id])
                #expect(merged.allSatisfy { $0.origin == .local })
                #expect(merged.last?.id == edited.value.id && merged.last?.value == 80.4)
            }
            // Each store alone still lists what it holds: the app's three records; their three copies and the watch's one.
            #expect(try await WeightQuery().records(from: from, to: to, store: local).value.count == 3)
            #expect(try await WeightQuery().records(from: from, to: to, store: healthKit).value.count == 4)
        }
    }
}
