import Foundation
import VitalsCore

/// Apple documentation: "HKWorkoutBuilder". Builds and saves a workout step by step.
public class HKWorkoutBuilder: NSObject {
    let healthStore: HKHealthStore
    let workoutConfiguration: HKWorkoutConfiguration
    let device: HKDevice?
    private var startDate: Date?
    private var endDate: Date?
    private var samples: [HKSample] = []
    private var addedMetadata: [String: Any] = [:]

    /// Apple documentation: "init(healthStore:configuration:device:)".
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.healthStore = healthStore
        workoutConfiguration = configuration
        self.device = device
        super.init()
    }

    /// Apple documentation: "beginCollection(withStart:completion:)" (async form `beginCollection(at:)`).
    public func beginCollection(at startDate: Date) async throws {
        try healthStore.simulator.requireAvailable()
        self.startDate = startDate
    }

    /// Apple documentation: "add(_:completion:)" (async form `addSamples(_:)`). Saves the samples.
    public func addSamples(_ samples: [HKSample]) async throws {
        guard startDate != nil else { throw HKError(.errorInvalidArgument) }
        try healthStore.simulator.save(samples)
        self.samples += samples
    }

    /// Apple documentation: "addMetadata(_:completion:)" (async form `addMetadata(_:)`). Merges the
    /// metadata into the workout's (a key given again takes the new value).
    public func addMetadata(_ metadata: [String: Any]) async throws {
        try healthStore.simulator.requireAvailable()
        addedMetadata.merge(metadata) { $1 }
    }

    /// Apple documentation: "metadata" (HKWorkoutBuilder). The metadata added so far.
    public var metadata: [String: Any] { addedMetadata }

    /// Apple documentation: "endCollection(withEnd:completion:)" (async form `endCollection(at:)`).
    public func endCollection(at endDate: Date) async throws {
        guard let startDate, endDate >= startDate else { throw HKError(.errorInvalidArgument) }
        self.endDate = endDate
    }

    /// Apple documentation: "finishWorkout(completion:)" (async form). `nil` when the device is locked.
    public func finishWorkout() async throws -> HKWorkout? {
        guard let startDate, let endDate else { throw HKError(.errorInvalidArgument) }
        let workout = HKWorkout(
            activityType: workoutConfiguration.activityType, start: startDate, end: endDate,
            statistics: totals(from: startDate, to: endDate), device: device,
            metadata: addedMetadata.isEmpty ? nil : addedMetadata)
        try healthStore.simulator.save([workout])
        return healthStore.simulator.isDeviceLocked ? nil : workout
    }

    /// Sums of the cumulative quantity samples added to the workout, per type, in the type's
    /// canonical unit (converted by the stand-in's unit table; `HKStatistics` carries the unit).
    private func totals(from start: Date, to end: Date) -> [HKQuantityType: HKStatistics] {
        var sums: [String: (HKQuantityType, Double)] = [:]
        for case let sample as HKQuantitySample in samples {
            let type = SampleType(identifier: sample.quantityType.identifier)
            guard type.aggregationStyle == .cumulative, let unit = HKStatistics.canonicalUnit(of: sample.quantityType),
                sample.quantity.is(compatibleWith: unit)
            else { continue }
            sums[type.identifier, default: (sample.quantityType, 0)].1 += sample.quantity.doubleValue(for: unit)
        }
        var result: [HKQuantityType: HKStatistics] = [:]
        for (quantityType, sum) in sums.values {
            var values = Statistics(range: DateRange(clampingStart: start, end: end), unit: nil)
            values.sum = sum
            values.sampleCount = 1
            result[quantityType] = HKStatistics(quantityType: quantityType, values: values)
        }
        return result
    }
}
