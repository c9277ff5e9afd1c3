import Foundation

/// A workout's details (`HKWorkout`): activity, events, per-type statistics, sub-activities.
public struct Workout: Sendable, Hashable {
    /// The activity, such as `.running` or `.highIntensityIntervalTraining`.
    public var activityType: WorkoutActivityType
    /// Pauses, laps, segments and markers, in time order.
    public var events: [WorkoutEvent]
    /// Totals per quantity type (active energy, distance...), in canonical units.
    public var statistics: [WorkoutStatistics]
    /// iOS 16+ sub-activities (intervals of a multisport or interval workout).
    public var activities: [WorkoutActivity]
    /// Samples attached to the workout (the active-energy sample of a logged workout).
    public var associatedSamples: [Sample]
    /// HealthKit's duration in seconds, which leaves out pauses; `nil` means end − start.
    public var duration: TimeInterval?

    /// Creates workout details.
    public init(
        activityType: WorkoutActivityType, events: [WorkoutEvent] = [],
        statistics: [WorkoutStatistics] = [], activities: [WorkoutActivity] = [],
        associatedSamples: [Sample] = [], duration: TimeInterval? = nil
    ) {
        self.activityType = activityType
        self.events = events
        self.statistics = statistics
        self.activities = activities
        self.associatedSamples = associatedSamples
        self.duration = duration
    }

    /// The statistics for one type, if recorded.
    public func statistics(for type: SampleType) -> WorkoutStatistics? {
        statistics.first { $0.type == type }
    }
}

/// Something that happened during a workout (`HKWorkoutEvent`).
public struct WorkoutEvent: Sendable, Hashable, Codable {
    /// `HKWorkoutEventType` raw values: pause 1, resume 2, lap 3, marker 4, motionPaused 5,
    /// motionResumed 6, segment 7, pauseOrResumeRequest 8.
    public var type: Int
    /// When it starts.
    public var start: Date
    /// When it ends (equal to `start` for instantaneous events).
    public var end: Date
    /// Event metadata.
    public var metadata: Metadata

    /// Creates an event.
    public init(type: Int, start: Date, end: Date? = nil, metadata: Metadata = [:]) {
        self.type = type
        self.start = start
        self.end = end ?? start
        self.metadata = metadata
    }
}

/// Totals of one quantity type over a workout or activity (`HKStatistics` inside a workout).
public struct WorkoutStatistics: Sendable, Hashable, Codable {
    /// The quantity type, such as `.activeEnergyBurned`.
    public var type: SampleType
    /// The unit every value below is in (the type's canonical unit once stored).
    public var unit: HealthUnit
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?

    /// Creates statistics; give only the values that apply to the type.
    public init(
        type: SampleType, unit: HealthUnit, sum: Double? = nil, average: Double? = nil,
        minimum: Double? = nil, maximum: Double? = nil
    ) {
        self.type = type
        self.unit = unit
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// One activity inside a workout (`HKWorkoutActivity`, iOS 16+).
public struct WorkoutActivity: Sendable, Hashable, Codable {
    public var uuid: UUID
    public var activityType: WorkoutActivityType
    public var start: Date
    public var end: Date
    public var events: [WorkoutEvent]
    public var statistics: [WorkoutStatistics]
    public var metadata: Metadata

    /// Creates an activity.
    public init(
        uuid: UUID = UUID(), activityType: WorkoutActivityType, start: Date, end: Date,
        events: [WorkoutEvent] = [], statistics: [WorkoutStatistics] = [],
        metadata: Metadata = [:]
    ) {
        self.uuid = uuid
        self.activityType = activityType
        self.start = start
        self.end = end
        self.events = events
        self.statistics = statistics
        self.metadata = metadata
    }
}
