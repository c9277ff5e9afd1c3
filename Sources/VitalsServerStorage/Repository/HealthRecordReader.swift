import Foundation
import VitalsContract
import VitalsCore

/// The role of a repository that reads a user's stored health data: snapshots, samples,
/// workouts, routes, activity summaries and characteristics.
public protocol HealthRecordReader: Sendable {
    /// The user's snapshots of one day, by source.
    func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot]
    /// The user's stored samples of `type` that start before `end` and end at or after `start`
    /// (`nil`: open on that side), oldest start first: what a sample predicate's window can match.
    func samples(
        of user: ServerUser, type: SampleType, startingBefore end: Date?, endingFrom start: Date?
    ) async throws
        -> [StoredSample]
    /// The user's stored samples of `type` in `window` as a statistics series: what statistics
    /// read (times, values in the canonical unit, source names), without decoding whole samples.
    func series(of user: ServerUser, type: SampleType, in window: SampleWindow) async throws -> StatisticsSeries
    /// The user's stored sample with this UUID; nil when the user has none (another user's never counts).
    func sample(of user: ServerUser, uuid: UUID) async throws -> StoredSample?
    /// The user's whole workout samples (``StoredWorkout``: an export's) that start before `end`
    /// and end at or after `start` (`nil`: open on that side), oldest start first.
    func workoutSamples(
        of user: ServerUser, startingBefore end: Date?, endingFrom start: Date?
    ) async throws
        -> [StoredWorkout]
    /// The user's workout records that start before `end` (all when `nil`), oldest start first.
    func workoutRecords(of user: ServerUser, startingBefore end: Date?) async throws -> [WorkoutRecord]
    /// The routes of the user's workout with `uuid`, by index, each route's points by time.
    func routes(of user: ServerUser, workout uuid: UUID) async throws -> [StoredRoute]
    /// The user's activity summaries of the days in `days` (all when `nil`), oldest day first.
    func activitySummaries(of user: ServerUser, in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary]
    /// Each type of the user's stored samples (workouts apart) with its count, first start and last end.
    func typeSummaries(of user: ServerUser) async throws -> [TypeSummary]
    /// The names of the sources of the user's stored samples of `type` (of any type when `nil`).
    func sourceNames(of user: ServerUser, type: SampleType?) async throws -> [String]
    /// The number of the user's workouts from `source` per day, for days from `first` through `last`.
    func workoutCounts(
        of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate
    ) async throws -> [LocalDate: Int]
    /// The user's characteristics, as their last imported export's `Me` element gave them: HealthKit
    /// identifier (`HKCharacteristicTypeIdentifierDateOfBirth`...) to value; empty when none was imported.
    func characteristics(of user: ServerUser) async throws -> [String: String]
}
