import Foundation
import Logging
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// A user's data as a whole: `GET /api/me/export` and `DELETE /api/me/data`.
extension PostgresRepository: UserDataStore {
    public func export(_ user: ServerUser) async throws -> UserExport {
        try await export(user, withSamples: true)
    }

    /// The user's export; without its samples when `withSamples` is false (`vitals migrate`
    /// verifies them as a stream, ``ServerMigration``).
    func export(_ user: ServerUser, withSamples: Bool) async throws -> UserExport {
        // One REPEATABLE READ transaction: the export is a single snapshot, never half of a
        // write that commits while it reads.
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                var created = Date(timeIntervalSince1970: 0)
                for try await value in try await connection.query(
                    "SELECT created_at FROM users WHERE id = \(user.id)", logger: logger
                ).decode(Date.self) {
                    created = value
                }
                var snapshots: [HealthSnapshot] = []
                for try await row in try await connection.query(
                    """
                    \(unescaped: Self.snapshotSelect) WHERE user_id = \(user.id) ORDER BY date, source
                    """, logger: logger)
                {
                    if let snapshot = try Self.snapshot(from: row) { snapshots.append(snapshot) }
                }
                let workouts = try await fetchWorkoutRecords(of: user, startingBefore: .distantFuture, on: connection)
                let samples =
                    !withSamples
                    ? []
                    : try await fetchSamples(
                        of: user, types: try await allSampleTypes(of: user, on: connection), in: SampleWindow(),
                        on: connection)
                var completions: [QuestCompletion] = []
                for try await row in try await connection.query(
                    """
                    SELECT quest_id, period, date::text, completed_at FROM quest_completions WHERE user_id = \(user.id)
                    ORDER BY date, quest_id
                    """, logger: logger)
                {
                    if let completion = try Self.questCompletion(from: row) { completions.append(completion) }
                }
                var export = UserExport(
                    user: .init(name: user.name, timeZone: user.timeZone, createdAt: created),
                    snapshots: snapshots, workouts: workouts, samples: samples,
                    quests: try await fetchQuests(of: user, on: connection), questCompletions: completions,
                    ingests: try await fetchIngests(
                        of: user, before: Int64.max, limit: nil,
                        ascending: true, on: connection))
                export.workoutSamples = try await fetchWorkoutSamples(of: user, in: SampleWindow(), on: connection)
                    .map(\.exported)
                export.routes = try await fetchRoutes(of: user, workout: nil, on: connection)
                export.activitySummaries = try await fetchActivitySummaries(of: user, in: nil, on: connection)
                export.characteristics = try await fetchCharacteristics(of: user, on: connection)
                export.rawData = try await fetchSyncRawData(of: user, on: connection)
                return export
            }
        }
    }

    private func allSampleTypes(of user: ServerUser, on connection: PostgresConnection) async throws -> [SampleType] {
        var types: [SampleType] = []
        for try await identifier in try await connection.query(
            "SELECT DISTINCT type FROM samples WHERE user_id = \(user.id) ORDER BY type", logger: logger
        ).decode(String.self) {
            types.append(SampleType(identifier: identifier))
        }
        return types
    }

    /// Under the user's write lock, as every write of the user's samples (see ``writeTransaction(for:_:)``).
    public func eraseData(of user: ServerUser) async throws -> ErasedCounts {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.userWriteLock), \(Self.lockKey(of: user)))",
                    logger: logger)
                return try await Self.erase(userID: user.id, on: connection, logger: logger)
            }
        }
    }

    /// Deletes every row of user `id` but the account and its token, in the caller's transaction.
    static func erase(
        userID id: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws
        -> ErasedCounts
    {
        func erase(_ table: String, where condition: String = "TRUE") async throws -> Int {
            try await delete(from: table, of: id, where: condition, on: connection, logger: logger)
        }
        var counts = ErasedCounts()
        counts.questCompletions = try await erase("quest_completions")
        counts.quests = try await erase("quests")
        counts.samples = try await erase("samples")
        _ = try await erase("sample_durations")
        _ = try await erase("daily_statistics")
        try await advanceDayEpoch(of: id, on: connection, logger: logger)
        counts.workouts = try await erase("workout_records")
        counts.workoutSamples = try await erase("workout_samples")
        counts.routePoints = try await erase("route_points")
        counts.activitySummaries = try await erase("activity_summaries")
        counts.characteristics = try await erase("characteristics")
        counts.rawData = try await erase("sync_raw_data")
        counts.snapshots = try await erase("health_snapshots")
        counts.ingests = try await erase("ingest_log")
        _ = try await erase("ingest_type_last")
        counts.importJobs = try await erase("import_jobs", where: "state IN \(ImportJobColumns.finishedStates)")
        return counts
    }

    /// Deletes user `id`'s rows of `table` that meet `condition` (SQL); returns how many.
    static func delete(
        from table: String, of id: Int64, where condition: String = "TRUE",
        on connection: PostgresConnection, logger: Logger
    ) async throws -> Int {
        var count = 0
        for try await deleted in try await connection.query(
            """
            WITH deleted AS (DELETE FROM \(unescaped: table) WHERE user_id = \(id) AND \(unescaped: condition) RETURNING 1)
            SELECT COUNT(*) FROM deleted
            """, logger: logger
        ).decode(Int.self) {
            count = deleted
        }
        return count
    }
}
