import Foundation
import HealthKit
import VitalsCore
import VitalsHealthKit
import VitalsTestSupport

/// A simulated device (HealthKit cannot exist here) and a temporary folder for one test.
struct HealthKitHarness {
    static let app = Source(name: "Journey", bundleIdentifier: "com.example.journey")
    static let watch = Source(name: "Anna's Apple Watch", bundleIdentifier: "com.apple.health.7F3A")
    static let otherApp = Source(name: "Other Fitness", bundleIdentifier: "com.other.fitness")
    static let calendar = Calendar.gregorian(in: TimeZone(identifier: "UTC")!)
    /// 2025-10-15 00:00 UTC.
    static let day = Date(timeIntervalSince1970: 1_760_486_400)

    let simulator: HealthKitSimulator
    let directory: URL

    /// Runs `body` on a fresh simulated device whose `HKHealthStore()` and `HKSource.default()` are its own.
    static func run<T: Sendable>(_ body: (HealthKitHarness) async throws -> T) async throws -> T {
        let simulator = HealthKitSimulator(app: app, calendar: calendar)
        let directory = TestFolder.url("vitals-hk")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await HealthKitSimulator.$current.withValue(simulator) {
            try await body(HealthKitHarness(simulator: simulator, directory: directory))
        }
    }

    /// The configuration tests use: anchors in the test's folder, the setting in memory, UTC days.
    func configuration(enabled: HealthKitEnabledSetting = .inMemory()) -> HealthKitHealthStore.Configuration {
        var configuration = HealthKitHealthStore.Configuration()
        configuration.anchorFile = directory.appendingPathComponent("anchors.json")
        configuration.enabledSetting = enabled
        configuration.calendar = Self.calendar
        configuration.readTypes.insert(.stepCount)
        return configuration
    }

    /// A store over a new `HKHealthStore()` of the simulated device.
    func store(enabled: HealthKitEnabledSetting = .inMemory()) -> HealthKitHealthStore {
        HealthKitHealthStore(healthStore: HKHealthStore(), configuration: configuration(enabled: enabled))
    }

    /// A store whose user allowed everything it asks for.
    func authorizedStore() async throws -> HealthKitHealthStore {
        let store = store()
        try await store.requestAuthorization()
        return store
    }

    /// Steps as another source recorded them.
    func recordSteps(_ count: Double, from source: Source, start: Date, minutes: Double, device: HKDevice? = nil) {
        let sample = HKQuantitySample(
            type: HKQuantityType.quantityType(
                forIdentifier: HKQuantityTypeIdentifier(
                    rawValue: SampleType.stepCount.identifier))!,
            quantity: HKQuantity(unit: .count(), doubleValue: count),
            start: start, end: start.addingTimeInterval(minutes * 60), device: device, metadata: nil)
        simulator.record([sample], from: source)
    }

    /// Waits (up to five seconds) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    static func at(hour: Double) -> Date { day.addingTimeInterval(hour * 3600) }
}
