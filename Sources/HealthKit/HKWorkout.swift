import Foundation

/// Apple documentation: "HKWorkout". A workout sample; build it with `HKWorkoutBuilder`.
public class HKWorkout: HKSample {
    /// Apple documentation: "workoutActivityType".
    public let workoutActivityType: HKWorkoutActivityType
    /// Apple documentation: "duration" (HKWorkout). Active seconds.
    public let duration: TimeInterval
    /// Apple documentation: "allStatistics".
    public let allStatistics: [HKQuantityType: HKStatistics]

    init(
        activityType: HKWorkoutActivityType, start: Date, end: Date, statistics: [HKQuantityType: HKStatistics],
        device: HKDevice?, metadata: [String: Any]?
    ) {
        workoutActivityType = activityType
        duration = end.timeIntervalSince(start)
        allStatistics = statistics
        super.init(type: HKObjectType.workoutType(), start: start, end: end, device: device, metadata: metadata)
    }

    /// Apple documentation: "statistics(for:)" (HKWorkout).
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        allStatistics[quantityType]
    }
}
