import Foundation

/// Apple documentation: "HKWorkoutType". The type of workouts; get it from `HKObjectType.workoutType()`.
public class HKWorkoutType: HKSampleType {}
