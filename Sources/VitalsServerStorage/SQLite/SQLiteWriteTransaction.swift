import Foundation
import GRDB
import VitalsContract
import VitalsCore

/// The SQLite repository's write primitives for one user, inside a batch's transaction.
struct SQLiteWriteTransaction: HealthWriteTransaction {
    let session: SQLiteWriteSession
    let user: ServerUser

    nonisolated(nonsending) func insert(_ samples: [StoredSample]) async throws -> [Int] {
        try await session.withDatabase { [user] db in try SQLiteRepository.insert(samples, for: user, in: db) }
    }

    nonisolated(nonsending) func deleteSamples(_ uuids: [UUID], from sourceName: String?) async throws -> [StoredSample]
    {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.deleteSamples(uuids, from: sourceName, of: user, in: db)
        }
    }

    nonisolated(nonsending) func insert(_ workouts: [WorkoutRecord], at date: Date) async throws -> Int {
        try await session.withDatabase { [user] db in try SQLiteRepository.insert(workouts, for: user, at: date, in: db)
        }
    }

    nonisolated(nonsending) func insert(_ workouts: [StoredWorkout]) async throws -> [Int] {
        try await session.withDatabase { [user] db in try SQLiteRepository.insert(workouts, for: user, in: db) }
    }

    nonisolated(nonsending) func insert(_ routes: [StoredRoute]) async throws -> Int {
        try await session.withDatabase { [user] db in try SQLiteRepository.insert(routes, for: user, in: db) }
    }

    nonisolated(nonsending) func upsert(_ summaries: [ActivitySummary]) async throws -> Int {
        try await session.withDatabase { [user] db in try SQLiteRepository.upsert(summaries, for: user, in: db) }
    }

    nonisolated(nonsending) func series(
        of types: [SampleType], in window: SampleWindow
    ) async throws
        -> [SampleType: StatisticsSeries]
    {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.series(of: user, types: types, in: window, in: db)
        }
    }

    nonisolated(nonsending) func samples(of type: SampleType, in window: SampleWindow) async throws -> [StoredSample] {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.samples(of: user, type: type, in: window, in: db)
        }
    }

    nonisolated(nonsending) func workoutCounts(
        source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate
    ) async throws -> [LocalDate: Int] {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.workoutCounts(of: user, source: source, from: first, through: last, in: db)
        }
    }

    nonisolated(nonsending) func upsert(_ patch: SnapshotPatch, at date: Date) async throws {
        try await session.withDatabase { [user] db in try SQLiteRepository.upsert(patch, for: user, at: date, in: db) }
    }

    nonisolated(nonsending) func snapshot(
        on day: LocalDate, source: HealthSyncRequest.DataSource
    ) async throws
        -> HealthSnapshot?
    {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.snapshot(of: user, on: day, source: source, in: db)
        }
    }

    nonisolated(nonsending) func snapshots(on day: LocalDate) async throws -> [HealthSnapshot] {
        try await session.withDatabase { [user] db in try SQLiteRepository.snapshots(of: user, on: day, in: db) }
    }

    nonisolated(nonsending) func quests() async throws -> [Quest] {
        try await session.withDatabase { [user] db in try SQLiteRepository.questsIfAny(of: user, in: db) }
    }

    nonisolated(nonsending) func completedQuests(
        _ periods: [(questId: String, period: String)]
    ) async throws -> Set<String> {
        try await session.withDatabase { [user] db in try SQLiteRepository.completedQuests(periods, of: user, in: db) }
    }

    nonisolated(nonsending) func insert(_ completions: [QuestCompletion]) async throws -> Int {
        try await session.withDatabase { [user] db in try SQLiteRepository.insert(completions, of: user, in: db) }
    }

    nonisolated(nonsending) func record(_ entry: IngestLogEntry, keepingSince cutoff: Date) async throws -> Int64 {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.record(entry, for: user, keepingSince: cutoff, in: db)
        }
    }

    nonisolated(nonsending) func replaceCharacteristics(with values: [String: String]) async throws {
        try await session.withDatabase { [user] db in
            try SQLiteRepository.replaceCharacteristics(of: user.id, with: values, in: db)
        }
    }
}
