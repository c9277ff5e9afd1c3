import Foundation
import Logging
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// The PostgreSQL repository's write primitives for one user, on a connection inside a transaction.
struct PostgresWriteTransaction: HealthWriteTransaction {
    let repository: PostgresRepository
    let connection: PostgresConnection
    let user: ServerUser
    /// The user's quests, read by the write's batch (``PostgresBatchUsers``).
    let storedQuests: [Quest]
    var logger: Logger { repository.logger }

    init(repository: PostgresRepository, connection: PostgresConnection, user: ServerUser, quests: [Quest]) {
        self.repository = repository
        self.connection = connection
        self.user = user
        self.storedQuests = quests
    }

    /// Inserts in chunks of one prepared statement each (``PostgresPrepared/SampleInsert``); a
    /// UUID sent twice in one chunk is stored from its first offset (the array order).
    nonisolated(nonsending) func insert(_ samples: [StoredSample]) async throws -> [Int] {
        var added: [Int] = []
        var offset = 0
        while offset < samples.count {
            let chunk = samples[offset..<min(samples.count, offset + 5_000)]
            offset += chunk.count
            var seen = Set<UUID>(minimumCapacity: chunk.count)
            var firsts: [Int] = []
            firsts.reserveCapacity(chunk.count)
            for index in chunk.indices where seen.insert(chunk[index].uuid).inserted { firsts.append(index) }
            let statement = PostgresPrepared.SampleInsert(userID: user.id, samples: firsts.map { chunk[$0] })
            var storedBefore = Set<UUID>()
            for try await row in try await connection.execute(statement, logger: logger) {
                storedBefore.insert(try row.decode(UUID.self))
            }
            added.append(contentsOf: firsts.filter { !storedBefore.contains(chunk[$0].uuid) })
        }
        return added
    }

    nonisolated(nonsending) func samples(of type: SampleType, in window: SampleWindow) async throws -> [StoredSample] {
        try await repository.fetchSamples(of: user, types: [type], in: window, on: connection)
    }

    /// One statement: the rows deleted come back from it.
    nonisolated(nonsending) func deleteSamples(_ uuids: [UUID], from sourceName: String?) async throws -> [StoredSample]
    {
        guard !uuids.isEmpty else { return [] }
        var deleted: [StoredSample] = []
        for try await (uuid, type, start, end, value, source, metadata) in try await connection.query(
            """
            WITH changed AS (
                DELETE FROM samples WHERE user_id = \(user.id) AND uuid = ANY(\(uuids)::uuid[])
                    AND (\(sourceName)::text IS NULL OR source_name = \(sourceName))
                RETURNING uuid, type, start_time, end_time, value, source_name, metadata
            ), \(unescaped: PostgresRepository.forgettingDays(of: user))
            SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM changed
            """, logger: logger
        ).decode((UUID, String, Double, Double, Double, String, String?).self) {
            deleted.append(
                StoredSample(
                    uuid: uuid, type: type, start: Date(timeIntervalSince1970: start),
                    end: Date(timeIntervalSince1970: end), value: value, sourceName: source,
                    metadata: StoredSample.metadata(json: metadata)))
        }
        return deleted
    }

    nonisolated(nonsending) func insert(_ workouts: [WorkoutRecord], at date: Date) async throws -> Int {
        var added = 0
        for workout in workouts {
            let rows = try await connection.execute(
                PostgresPrepared.WorkoutInsert(userID: user.id, workout: workout, createdAt: date), logger: logger)
            var inserted = false
            for try await _ in rows { inserted = true }
            if inserted {
                added += 1
                continue
            }
            // Stored before: its totals follow the re-send; only a change is written.
            try await connection.query(
                """
                UPDATE workout_records SET type = \(workout.type), duration_minutes = \(workout.durationMinutes),
                    calories = \(workout.calories), distance = \(workout.distance), end_time = \(workout.endTime)
                WHERE user_id = \(user.id) AND external_id = \(workout.externalId)
                    AND (type IS DISTINCT FROM \(workout.type)
                        OR duration_minutes IS DISTINCT FROM \(workout.durationMinutes)
                        OR calories IS DISTINCT FROM \(workout.calories)
                        OR distance IS DISTINCT FROM \(workout.distance)
                        OR end_time IS DISTINCT FROM \(workout.endTime))
                """, logger: logger)
        }
        return added
    }

    nonisolated(nonsending) func series(
        of types: [SampleType], in window: SampleWindow
    ) async throws
        -> [SampleType: StatisticsSeries]
    {
        try await repository.fetchSeries(of: user, types: types, in: window, on: connection)
    }

    nonisolated(nonsending) func workoutCounts(
        source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate
    ) async throws -> [LocalDate: Int] {
        try await repository.fetchWorkoutCounts(of: user, source: source, from: first, through: last, on: connection)
    }

    nonisolated(nonsending) func upsert(_ patch: SnapshotPatch, at date: Date) async throws {
        for try await _ in try await connection.execute(
            PostgresPrepared.SnapshotUpsert(userID: user.id, patch: patch, updatedAt: date), logger: logger)
        {}
    }

    nonisolated(nonsending) func snapshot(
        on day: LocalDate, source: HealthSyncRequest.DataSource
    ) async throws
        -> HealthSnapshot?
    {
        var found: HealthSnapshot?
        let statement = PostgresPrepared.SourceSnapshot(userID: user.id, day: day, source: source)
        for try await row in try await connection.execute(statement, logger: logger) {
            found = try PostgresRepository.snapshot(from: row)
        }
        return found
    }

    nonisolated(nonsending) func snapshots(on day: LocalDate) async throws -> [HealthSnapshot] {
        try await repository.fetchSnapshots(of: user, on: day, on: connection)
    }

    /// The quests the batch read under the user's lock: no statement of its own.
    nonisolated(nonsending) func quests() async throws -> [Quest] {
        storedQuests
    }

    nonisolated(nonsending) func completedQuests(
        _ periods: [(questId: String, period: String)]
    ) async throws -> Set<String> {
        var done = Set<String>()
        let statement = PostgresPrepared.CompletedQuests(userID: user.id, periods: periods)
        for try await row in try await connection.execute(statement, logger: logger) {
            done.insert(try row.decode(String.self))
        }
        return done
    }

    nonisolated(nonsending) func insert(_ completions: [QuestCompletion]) async throws -> Int {
        var added = 0
        for completion in completions {
            let statement = PostgresPrepared.QuestCompletionInsert(userID: user.id, completion: completion)
            for try await _ in try await connection.execute(statement, logger: logger) { added += 1 }
        }
        return added
    }

    nonisolated(nonsending) func record(_ entry: IngestLogEntry, keepingSince cutoff: Date) async throws -> Int64 {
        try await repository.record(entry, for: user, keepingSince: cutoff, on: connection)
    }

    /// The user's rows deleted, then `values` inserted in one statement (a delete in a CTE of the
    /// insert would not be seen by it).
    nonisolated(nonsending) func replaceCharacteristics(with values: [String: String]) async throws {
        let identifiers = Array(values.keys)
        try await connection.query("DELETE FROM characteristics WHERE user_id = \(user.id)", logger: logger)
        try await connection.query(
            """
            INSERT INTO characteristics (user_id, identifier, value)
            SELECT \(user.id), i, v FROM UNNEST(\(identifiers)::text[], \(identifiers.map { values[$0] ?? "" })::text[]) AS x(i, v)
            """, logger: logger)
    }
}
