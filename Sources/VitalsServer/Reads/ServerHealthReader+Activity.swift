import Foundation
import VitalsCore
import VitalsStore

extension ServerHealthReader: ActivityReader {
    public func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] {
        try await repository.routes(of: user, workout: uuid).sorted { $0.index < $1.index }.map(\.points)
    }

    public func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary] {
        try await repository.activitySummaries(of: user, in: days)
    }

    /// The repository's summaries with the user's workouts (whole or built from records) among them.
    public func typeSummaries() async throws -> [TypeSummary] {
        var summaries = try await repository.typeSummaries(of: user).filter { $0.type != .workout }
        let workouts = try await workouts(matching: SamplePredicate(), limit: nil)
        if let first = workouts.map(\.start).min(), let last = workouts.map(\.end).max() {
            summaries.append(TypeSummary(type: .workout, count: workouts.count, first: first, last: last))
        }
        return summaries.sorted { $0.type.identifier < $1.type.identifier }
    }

    /// The user's workouts matching `predicate`, oldest start first (then by UUID), at most `limit`.
    ///
    /// A workout an Apple Health export brought is read whole from its stored sample
    /// (``StoredWorkout``: activity, duration, statistics per type, events, activities, metadata,
    /// device), as the local store answers it. A workout the server keeps only as a record
    /// (Health Auto Export, the sync API) is built from it (``WorkoutRecord/sample``); a record
    /// whose whole sample is stored is not read twice.
    public func workouts(matching predicate: SamplePredicate, limit: Int?) async throws -> [Sample] {
        let whole = try await repository.workoutSamples(
            of: user, startingBefore: predicate.end,
            endingFrom: predicate.start)
        let records = try await repository.workoutRecords(of: user, startingBefore: predicate.end)
        let stored = Set(whole.map(\.uuid))
        var workouts = whole.compactMap(\.sample).filter(predicate.matches)
        for record in records where !stored.contains(record.sampleUUID) {
            let sample = record.sample
            if predicate.matches(sample) { workouts.append(sample) }
        }
        workouts.sort { ($0.start, $0.uuid.uuidString) < ($1.start, $1.uuid.uuidString) }
        if let limit, workouts.count > limit { workouts.removeLast(workouts.count - limit) }
        return workouts
    }
}
