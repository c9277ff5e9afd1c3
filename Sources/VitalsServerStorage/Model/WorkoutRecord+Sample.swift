import Foundation
import VitalsCore

extension WorkoutRecord {
    /// The workout sample a record stands for when the server keeps no whole sample of it.
    ///
    /// The rule for reading workouts back (``ServerHealthReader``): a workout from an Apple
    /// Health export is its whole stored sample (``StoredWorkout``); one from Health Auto Export
    /// or the sync API (`SyncedWorkout`), which the server keeps only as this record, is built
    /// from it on read: its UUID is the external id when that is a UUID (a HealthKit UUID), else
    /// one derived from it; its activity is the record's type (`other` when unknown); its
    /// duration the record's minutes; its statistics the active energy (kcal) and the distance
    /// (metres; of cycling, swimming, or walking and running, by the activity) when recorded; its end
    /// the record's, or start plus duration; its source the data source's name (`HEALTHKIT`).
    /// Nothing is stored for it, so the ingest paths write what they always did.
    public var sample: Sample {
        let activity = WorkoutActivityType(name: workout.type) ?? .other
        var statistics: [WorkoutStatistics] = []
        if let calories = workout.calories {
            statistics.append(WorkoutStatistics(type: .activeEnergyBurned, unit: .kilocalorie, sum: calories))
        }
        if let distance = workout.distance {
            let type: SampleType =
                switch activity {
                case .cycling: .distanceCycling
                case .swimming: .distanceSwimming
                default: .distanceWalkingRunning
                }
            statistics.append(WorkoutStatistics(type: type, unit: .meter, sum: distance))
        }
        let duration = workout.durationMinutes * 60
        let end = workout.endTime ?? workout.startTime.addingTimeInterval(duration)
        return Sample(
            uuid: sampleUUID, type: .workout, start: workout.startTime, end: max(end, workout.startTime),
            content: .workout(Workout(activityType: activity, statistics: statistics, duration: duration)),
            source: Source(name: source.rawValue, bundleIdentifier: ""))
    }

    /// The UUID of ``sample``: the external id when it is a UUID, else one derived from it.
    public var sampleUUID: UUID {
        UUID(uuidString: externalId) ?? DeterministicUUID.make("workout-record:" + externalId)
    }
}
