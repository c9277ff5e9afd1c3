import Foundation
import GRDB
import VitalsCore

/// A user's data as a whole: `GET /api/me/export` and `DELETE /api/me/data`.
extension SQLiteRepository: UserDataStore {
    public func export(_ user: ServerUser) async throws -> UserExport {
        try await export(user, withSamples: true)
    }

    /// The user's export; without its samples when `withSamples` is false (`vitals migrate`
    /// verifies them as a stream, ``ServerMigration``).
    package func export(_ user: ServerUser, withSamples: Bool) async throws -> UserExport {
        try await read { db in
            let created =
                try Double.fetchOne(db, sql: "SELECT created_at FROM users WHERE id = ?", arguments: [user.id]) ?? 0
            let snapshots = try Row.fetchAll(
                db, sql: "\(Self.snapshotColumns) WHERE user_id = ? ORDER BY date, source",
                arguments: [user.id]
            ).compactMap(Self.snapshot(from:))
            let workouts = try Row.fetchAll(
                db,
                sql: """
                    SELECT external_id, date, source, type, duration_minutes, calories, distance, start_time, end_time
                    FROM workout_records WHERE user_id = ? ORDER BY start_time, external_id
                    """, arguments: [user.id]
            ).compactMap(Self.workout(from:))
            let samples =
                !withSamples
                ? []
                : try Row.fetchAll(
                    db,
                    sql: """
                        SELECT s.uuid, t.identifier, s.start, s."end", s.value, s.source_name, s.metadata
                        FROM samples s JOIN types t ON t.id = s.type_id WHERE s.user_id = ? ORDER BY s.start, s.uuid
                        """, arguments: [user.id]
                ).map(Self.sample(from:))
            let quests = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, title, metric, comparison, target, recurrence, requires_verified, created_at
                    FROM quests WHERE user_id = ? ORDER BY created_at, id
                    """, arguments: [user.id]
            ).compactMap(Self.quest(from:))
            let completions = try Row.fetchAll(
                db,
                sql: """
                    SELECT quest_id, period, date, completed_at FROM quest_completions WHERE user_id = ? ORDER BY date, quest_id
                    """, arguments: [user.id]
            ).compactMap(Self.questCompletion(from:))
            let ingests = try Row.fetchAll(
                db, sql: "\(Self.ingestColumns) WHERE user_id = ? ORDER BY id",
                arguments: [user.id]
            ).map(Self.ingestEntry(from:))
            var export = UserExport(
                user: .init(
                    name: user.name, timeZone: user.timeZone,
                    createdAt: Date(timeIntervalSince1970: created)),
                snapshots: snapshots, workouts: workouts, samples: samples, quests: quests,
                questCompletions: completions, ingests: ingests)
            export.workoutSamples = try Self.workoutSamples(of: user, where: "1", [], in: db).map(\.exported)
            export.routes = try Self.routes(of: user, where: "1", [], in: db)
            export.activitySummaries = try String.fetchAll(
                db,
                sql: """
                    SELECT details FROM activity_summaries WHERE user_id = ? ORDER BY date
                    """, arguments: [user.id]
            ).compactMap(ActivitySummaryJSON.decode)
            export.characteristics = try Self.characteristics(of: user.id, in: db)
            export.rawData = try Self.syncRawData(of: user.id, in: db)
            return export
        }
    }

    public func eraseData(of user: ServerUser) async throws -> ErasedCounts {
        try await write { db in try Self.erase(userID: user.id, in: db) }
    }

    /// Deletes every row of user `id` but the account and its token.
    static func erase(userID id: Int64, in db: Database) throws -> ErasedCounts {
        var counts = ErasedCounts()
        func erase(_ table: String) throws -> Int {
            try db.execute(sql: "DELETE FROM \(table) WHERE user_id = ?", arguments: [id])
            return db.changesCount
        }
        counts.questCompletions = try erase("quest_completions")
        counts.quests = try erase("quests")
        counts.samples = try erase("samples")
        _ = try erase("sample_durations")
        try forgetDays(of: id, in: db)
        counts.workouts = try erase("workout_records")
        counts.workoutSamples = try erase("workout_samples")
        counts.routePoints = try erase("route_points")
        counts.activitySummaries = try erase("activity_summaries")
        counts.characteristics = try erase("characteristics")
        counts.rawData = try erase("sync_raw_data")
        counts.snapshots = try erase("health_snapshots")
        counts.ingests = try erase("ingest_log")
        _ = try erase("ingest_type_last")
        try db.execute(
            sql: "DELETE FROM import_jobs WHERE user_id = ? AND state IN \(ImportJobColumns.finishedStates)",
            arguments: [id])
        counts.importJobs = db.changesCount
        return counts
    }
}
