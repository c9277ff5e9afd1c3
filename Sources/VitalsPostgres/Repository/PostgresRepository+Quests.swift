import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsContract
import VitalsServerStorage

extension PostgresRepository {
    public func addQuest(_ quest: Quest, for user: ServerUser) async throws {
        try await guarded {
            try await client.query("""
                INSERT INTO quests (id, user_id, title, metric, comparison, target, recurrence, requires_verified, created_at)
                VALUES (\(quest.id), \(user.id), \(quest.title), \(quest.metric.rawValue), \(quest.comparison.rawValue),
                    \(quest.target), \(quest.recurrence.rawValue), \(quest.requiresVerified), \(quest.createdAt))
                """, logger: logger)
        }
    }

    public func quests(of user: ServerUser) async throws -> [Quest] {
        try await guarded { try await client.withConnection { try await fetchQuests(of: user, on: $0) } }
    }

    func fetchQuests(of user: ServerUser, on connection: PostgresConnection) async throws -> [Quest] {
        var quests: [Quest] = []
        for try await row in try await connection.execute(PostgresPrepared.Quests(userID: user.id), logger: logger) {
            if let quest = try Self.quest(from: row.makeRandomAccess(), at: 0) { quests.append(quest) }
        }
        return quests
    }

    /// The quest in the eight columns from `offset` (id, title, metric, comparison, target,
    /// recurrence, requires_verified, created_at); nil when the id is NULL or a value is one
    /// this version does not know.
    static func quest(from cells: PostgresRandomAccessRow, at offset: Int) throws -> Quest? {
        guard let id = try cells[offset].decode(String?.self) else { return nil }
        guard let metric = Quest.Metric(rawValue: try cells[offset + 2].decode(String.self)),
              let comparison = Quest.Comparison(rawValue: try cells[offset + 3].decode(String.self)),
              let recurrence = Quest.Recurrence(rawValue: try cells[offset + 5].decode(String.self)) else { return nil }
        return Quest(id: id, title: try cells[offset + 1].decode(String.self), metric: metric, comparison: comparison,
                     target: try cells[offset + 4].decode(Double.self), recurrence: recurrence,
                     requiresVerified: try cells[offset + 6].decode(Bool.self), createdAt: try cells[offset + 7].decode(Date.self))
    }

    public func deleteQuest(id: String, of user: ServerUser) async throws -> Bool {
        try await guarded {
            var deleted = false
            for try await _ in try await client.query(
                "DELETE FROM quests WHERE id = \(id) AND user_id = \(user.id) RETURNING 1", logger: logger) {
                deleted = true
            }
            return deleted
        }
    }

    public func questCompletions(of user: ServerUser, from first: LocalDate, through last: LocalDate) async throws
        -> [QuestCompletion] {
        try await guarded {
            var completions: [QuestCompletion] = []
            for try await (id, period, day, at) in try await client.query("""
                SELECT quest_id, period, date::text, completed_at FROM quest_completions WHERE user_id = \(user.id)
                AND date >= \(first.description)::date AND date <= \(last.description)::date ORDER BY date, quest_id
                """, logger: logger).decode((String, String, String, Date).self) {
                guard let date = try? LocalDate(parsing: day) else { continue }
                completions.append(QuestCompletion(questId: id, period: period, date: date, completedAt: at))
            }
            return completions
        }
    }

    public func export(_ user: ServerUser) async throws -> UserExport {
        try await export(user, withSamples: true)
    }

    /// The user's export; without its samples when `withSamples` is false (`vitals migrate`
    /// verifies them as a stream, ``ServerMigration``).
    func export(_ user: ServerUser, withSamples: Bool) async throws -> UserExport {
        // One REPEATABLE READ transaction: the export is a single snapshot, never half of a
        // write that commits while it reads.
        try await guarded { try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            var created = Date(timeIntervalSince1970: 0)
            for try await value in try await connection.query(
                "SELECT created_at FROM users WHERE id = \(user.id)", logger: logger).decode(Date.self) {
                created = value
            }
            var snapshots: [HealthSnapshot] = []
            for try await row in try await connection.query("""
                \(unescaped: Self.snapshotSelect) WHERE user_id = \(user.id) ORDER BY date, source
                """, logger: logger) {
                if let snapshot = try Self.snapshot(from: row) { snapshots.append(snapshot) }
            }
            let workouts = try await fetchWorkoutRecords(of: user, startingBefore: .distantFuture, on: connection)
            let samples = !withSamples ? [] : try await fetchSamples(
                of: user, types: try await allSampleTypes(of: user, on: connection), in: SampleWindow(), on: connection)
            var completions: [QuestCompletion] = []
            for try await (id, period, day, at) in try await connection.query("""
                SELECT quest_id, period, date::text, completed_at FROM quest_completions WHERE user_id = \(user.id)
                ORDER BY date, quest_id
                """, logger: logger).decode((String, String, String, Date).self) {
                guard let date = try? LocalDate(parsing: day) else { continue }
                completions.append(QuestCompletion(questId: id, period: period, date: date, completedAt: at))
            }
            var export = UserExport(user: .init(name: user.name, timeZone: user.timeZone, createdAt: created),
                                    snapshots: snapshots, workouts: workouts, samples: samples,
                                    quests: try await fetchQuests(of: user, on: connection), questCompletions: completions,
                                    ingests: try await fetchIngests(of: user, before: Int64.max, limit: nil,
                                                                    ascending: true, on: connection))
            export.workoutSamples = try await fetchWorkoutSamples(of: user, in: SampleWindow(), on: connection)
                .map(\.exported)
            export.routes = try await fetchRoutes(of: user, workout: nil, on: connection)
            export.activitySummaries = try await fetchActivitySummaries(of: user, in: nil, on: connection)
            export.characteristics = try await fetchCharacteristics(of: user, on: connection)
            export.rawData = try await fetchSyncRawData(of: user, on: connection)
            return export
        } }
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
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.userWriteLock), \(Self.lockKey(of: user)))",
                                           logger: logger)
                return try await Self.erase(userID: user.id, on: connection, logger: logger)
            }
        }
    }

    public func removeUser(named name: String) async throws -> ErasedCounts {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                func userID(locking: Bool) async throws -> Int64? {
                    var id: Int64?
                    for try await value in try await connection.query(
                        "SELECT id FROM users WHERE name = \(name) \(unescaped: locking ? "FOR UPDATE" : "")", logger: logger
                    ).decode(Int64.self) {
                        id = value
                    }
                    return id
                }
                // The user's write lock first (as writes take it, before any row lock): a write in
                // flight commits before the erase below, which then sees its samples (`samples`
                // has no foreign key to hold them back), and a write after it finds no user.
                guard let id = try await userID(locking: false) else {
                    throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                }
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.userWriteLock), \(Self.lockKey(ofUserID: id)))",
                                           logger: logger)
                guard try await userID(locking: true) == id else {
                    throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                }
                var counts = try await Self.erase(userID: id, on: connection, logger: logger)
                try await connection.query("DELETE FROM tokens WHERE user_id = \(id)", logger: logger)
                // Said outright, not left to the foreign keys: on Citus these may not be co-located with users.
                try await connection.query("DELETE FROM dashboard_sessions WHERE user_id = \(id)", logger: logger)
                counts.importJobs += try await Self.delete(from: "import_jobs", of: id, on: connection, logger: logger)
                try await connection.query("DELETE FROM users WHERE id = \(id)", logger: logger)
                return counts
            }
        }
    }

    /// Deletes every row of user `id` but the account and its token, in the caller's transaction.
    private static func erase(userID id: Int64, on connection: PostgresConnection, logger: Logger) async throws
        -> ErasedCounts {
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
    private static func delete(from table: String, of id: Int64, where condition: String = "TRUE",
                               on connection: PostgresConnection, logger: Logger) async throws -> Int {
        var count = 0
        for try await deleted in try await connection.query("""
            WITH deleted AS (DELETE FROM \(unescaped: table) WHERE user_id = \(id) AND \(unescaped: condition) RETURNING 1)
            SELECT COUNT(*) FROM deleted
            """, logger: logger).decode(Int.self) {
            count = deleted
        }
        return count
    }
}
