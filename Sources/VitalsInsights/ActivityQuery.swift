import Foundation
import VitalsCore

/// Active-energy records with their duration and workout type.
///
/// A sample's workout type is that of the workout it is associated with, else of a workout from
/// the same source whose time contains it. When workouts may not be read, types come only from
/// this app's own records and `workout` is listed as unreadable.
public struct ActivityQuery: RecordQuery {
    public typealias Record = ActiveEnergyRecord

    /// Creates the query.
    public init() {}

    public func records(from: Date, to: Date, store: any HealthStore) async throws -> QueryResult<[ActiveEnergyRecord]>
    {
        guard store.isAvailable else { return QueryResult([]) }
        let energy = try await store.samples(of: .activeEnergyBurned, matching: predicate(from: from, to: to))
        var unreadable = energy.unreadableTypes
        guard !unreadable.contains(.activeEnergyBurned) else { return QueryResult([], unreadableTypes: unreadable) }
        // Workouts overlapping the window: one that started before `from` can hold a sample in it.
        let workouts = try await store.samples(of: .workout, matching: SamplePredicate(start: from, end: to))
        unreadable.formUnion(workouts.unreadableTypes)
        var associated: [UUID: WorkoutActivityType] = [:]
        for workout in workouts.value {
            guard let details = workout.workout else { continue }
            for sample in details.associatedSamples { associated[sample.uuid] = details.activityType }
        }
        let records = energy.value.compactMap { sample -> ActiveEnergyRecord? in
            let type =
                associated[sample.uuid]
                ?? workouts.value.first { workout in
                    workout.source == sample.source && workout.start <= sample.start && sample.end <= workout.end
                }?.workout?.activityType
            return ActiveEnergyRecord(sample: sample, app: store.appSource, workout: type)
        }
        return QueryResult(
            records, staleBecause: energy.staleBecause ?? workouts.staleBecause, unreadableTypes: unreadable)
    }
}
