import Foundation
import VitalsContract
import VitalsCore

/// The storage primitives a write is made of, for one user inside one open transaction.
///
/// A repository supplies these and nothing of a write's order or rules: the sequence (store
/// samples and workouts, recompute days, upsert snapshots, complete quests) is written once, in
/// ``HealthWrite/apply(for:at:in:)``. Each method is a plain read or write of the user's rows.
public protocol HealthWriteTransaction {
    /// Stores the samples not stored yet (a sample's UUID is stored once per user, the first
    /// one sent wins); returns the offsets in `samples` of those that were new.
    nonisolated(nonsending) func insert(_ samples: [StoredSample]) async throws -> [Int]
    /// Deletes the samples with these UUIDs that are the user's and come from the source named
    /// `sourceName`, or from any source when it is nil (any other sample is left alone, whoever's
    /// it is); returns the rows deleted.
    nonisolated(nonsending) func deleteSamples(_ uuids: [UUID], from sourceName: String?) async throws -> [StoredSample]
    /// Stores the workouts not stored yet (by external id), noting `date` as their creation, and
    /// gives those stored before the sent type, duration, calories, distance and end (their day
    /// and start stay); returns how many were new.
    nonisolated(nonsending) func insert(_ workouts: [WorkoutRecord], at date: Date) async throws -> Int
    /// Stores the whole workout samples not stored yet (a UUID is stored once per user, the first
    /// one sent wins); returns the offsets in `workouts` of those that were new.
    nonisolated(nonsending) func insert(_ workouts: [StoredWorkout]) async throws -> [Int]
    /// Stores the routes' points (a point already stored at its workout, route and position is
    /// kept); returns how many points were new.
    nonisolated(nonsending) func insert(_ routes: [StoredRoute]) async throws -> Int
    /// Upserts activity summaries by day, writing only a change; returns how many days were new or changed.
    nonisolated(nonsending) func upsert(_ summaries: [ActivitySummary]) async throws -> Int
    /// The stored samples of `types` in `window`, as each type's statistics series.
    nonisolated(nonsending) func series(
        of types: [SampleType], in window: SampleWindow
    ) async throws
        -> [SampleType: StatisticsSeries]
    /// The stored samples of `type` in `window`, oldest start first: those a new sample may repeat.
    nonisolated(nonsending) func samples(of type: SampleType, in window: SampleWindow) async throws -> [StoredSample]
    /// The stored samples of each type in its window, window after window, each's oldest start first.
    nonisolated(nonsending) func samples(
        in windows: [(type: SampleType, window: SampleWindow)]
    ) async throws
        -> [StoredSample]
    /// The number of stored workouts from `source` per day, for days from `first` through `last`.
    nonisolated(nonsending) func workoutCounts(
        source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate
    ) async throws -> [LocalDate: Int]
    /// Upserts a snapshot: absent fields keep stored values, and a row whose values would not
    /// change keeps its `updatedAt` (`date` otherwise), so a retried write changes nothing.
    nonisolated(nonsending) func upsert(_ patch: SnapshotPatch, at date: Date) async throws
    /// The stored snapshot of a day from one source.
    nonisolated(nonsending) func snapshot(
        on day: LocalDate, source: HealthSyncRequest.DataSource
    ) async throws
        -> HealthSnapshot?
    /// Every source's stored snapshot of a day.
    nonisolated(nonsending) func snapshots(on day: LocalDate) async throws -> [HealthSnapshot]
    /// The user's quests, oldest first.
    nonisolated(nonsending) func quests() async throws -> [Quest]
    /// Which of the quests are already completed in the given period (quest id, period).
    nonisolated(nonsending) func completedQuests(
        _ periods: [(questId: String, period: String)]
    ) async throws -> Set<String>
    /// Stores completions not stored yet (one per quest and period); returns how many were new.
    nonisolated(nonsending) func insert(_ completions: [QuestCompletion]) async throws -> Int
    /// Appends an entry to the user's ingest log (and notes it as the last ingest of each of its
    /// sample types when it succeeded), first removing the user's entries received before `cutoff`;
    /// returns the new entry's id.
    nonisolated(nonsending) func record(_ entry: IngestLogEntry, keepingSince cutoff: Date) async throws -> Int64
    /// Replaces all of the user's characteristics (HealthKit identifier to value) with `values`.
    nonisolated(nonsending) func replaceCharacteristics(with values: [String: String]) async throws
    /// Stores a sync's raw data, replacing the user's stored one of the same day and source.
    nonisolated(nonsending) func keep(_ raw: SyncRawData) async throws
}

extension HealthWriteTransaction {
    /// One ``samples(of:in:)`` read per window.
    nonisolated(nonsending) public func samples(
        in windows: [(type: SampleType, window: SampleWindow)]
    ) async throws
        -> [StoredSample]
    {
        var samples: [StoredSample] = []
        for (type, window) in windows { samples += try await self.samples(of: type, in: window) }
        return samples
    }
}
