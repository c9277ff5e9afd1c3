import Foundation
import GRDB
import VitalsContract
import VitalsCore
import VitalsStore

/// The one write sequence over ``SQLiteWriteTransaction``, in the writer's group-committed transactions.
extension SQLiteRepository: HealthWriteStore {
    public func writeTransaction<T: Sendable>(
        for user: ServerUser, alone: Bool,
        _ body: nonisolated(nonsending) @escaping @Sendable (any HealthWriteTransaction) async throws -> T
    ) async throws -> T {
        try await guarded {
            try await batcher.transaction(alone: alone) { session in
                try await body(SQLiteWriteTransaction(session: session, user: user))
            }
        }
    }

    /// Runs ``HealthWrite/apply(for:at:in:)`` over ``SQLiteWriteTransaction`` itself rather than
    /// an existential, so the sequence is specialized for it.
    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        try await guarded {
            try await batcher.transaction { session in
                try await write.apply(for: user, at: date, in: SQLiteWriteTransaction(session: session, user: user))
            }
        }
    }

    /// Inserts samples not stored yet; returns the offsets of those that were new.
    ///
    /// Rows go in the order given: the table is appended to, and for a backfill (one metric
    /// after another, each in time order) so is the `(user_id, type_id, start)` index; only the
    /// small `(user_id, uuid)` index takes the UUIDs' random order.
    static func insert(_ samples: [StoredSample], for user: ServerUser, in db: Database) throws -> [Int] {
        guard !samples.isEmpty else { return [] }
        let typeIDs = try self.typeIDs(for: Set(samples.map(\.type)), in: db)
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO samples (user_id, uuid, type_id, start, "end", value, source_name, metadata)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """)
        // Bound through SQLite's C API: GRDB's argument arrays cost more than the insert itself here.
        let row = RawStatement(statement)
        var added: [Int] = []
        added.reserveCapacity(samples.count)
        var lastType = "", lastTypeID: Int64 = 0
        var written = WrittenSpans<Int64>()
        var longest: [Int64: Double] = [:]
        let metadataTexts = StoredSample.metadataTexts(samples)
        for (offset, sample) in samples.enumerated() {
            if sample.type != lastType, let id = typeIDs[sample.type] { (lastType, lastTypeID) = (sample.type, id) }
            row.reset()
            row.bind(1, user.id)
            row.bind(2, sample.uuid)
            row.bind(3, lastTypeID)
            row.bind(4, sample.start.timeIntervalSince1970)
            row.bind(5, sample.end.timeIntervalSince1970)
            row.bind(6, sample.value)
            row.bind(7, sample.sourceName)
            row.bind(8, metadataTexts[offset])
            try row.step(db)
            if row.changes(db) > 0 {
                added.append(offset)
                let start = sample.start.timeIntervalSince1970, end = sample.end.timeIntervalSince1970
                written.note(typeID: lastTypeID, start: start, end: end)
                longest[lastTypeID] = max(longest[lastTypeID] ?? 0, end - start)
            }
        }
        try invalidateDays(of: user.id, written.take(), in: db)
        let durations = try db.cachedStatement(
            sql: """
                INSERT INTO sample_durations (user_id, type_id, longest) VALUES (?, ?, ?)
                ON CONFLICT (user_id, type_id) DO UPDATE SET longest = excluded.longest WHERE excluded.longest > longest
                """)
        for (typeID, seconds) in longest { try durations.execute(arguments: [user.id, typeID, seconds]) }
        return added
    }

    /// The ids of the type identifiers in `identifiers`, adding those not in `types` yet.
    ///
    /// Read inside the caller's transaction every time (no cache across transactions), so a
    /// rolled-back transaction leaves no id behind that a later one would use.
    static func typeIDs(for identifiers: Set<String>, in db: Database) throws -> [String: Int64] {
        let add = try db.cachedStatement(sql: "INSERT INTO types (identifier) VALUES (?) ON CONFLICT DO NOTHING")
        let find = try db.cachedStatement(sql: "SELECT id FROM types WHERE identifier = ?")
        var ids: [String: Int64] = [:]
        for identifier in identifiers {
            try add.execute(arguments: [identifier])
            ids[identifier] = try Int64.fetchOne(find, arguments: [identifier])
        }
        return ids
    }

    /// Inserts workouts not stored yet (by external id) and updates the totals of those stored
    /// (type, duration, calories, distance, end); returns how many were new.
    static func insert(_ workouts: [WorkoutRecord], for user: ServerUser, at date: Date, in db: Database) throws -> Int
    {
        guard !workouts.isEmpty else { return 0 }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO workout_records (user_id, external_id, date, source, type, duration_minutes, calories,
                    distance, start_time, end_time, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """)
        // Only a change is written, so a retried request changes nothing.
        let update = try db.cachedStatement(
            sql: """
                UPDATE workout_records SET type = ?3, duration_minutes = ?4, calories = ?5, distance = ?6, end_time = ?7
                WHERE user_id = ?1 AND external_id = ?2 AND (type IS NOT ?3 OR duration_minutes IS NOT ?4
                    OR calories IS NOT ?5 OR distance IS NOT ?6 OR end_time IS NOT ?7)
                """)
        var added = 0
        for workout in workouts {
            try statement.execute(arguments: [
                user.id, workout.externalId, workout.date.description, workout.source.rawValue, workout.type,
                workout.durationMinutes, workout.calories, workout.distance,
                workout.startTime.timeIntervalSince1970, workout.endTime?.timeIntervalSince1970,
                date.timeIntervalSince1970,
            ])
            if db.changesCount > 0 {
                added += 1
            } else {
                try update.execute(arguments: [
                    user.id, workout.externalId, workout.type, workout.durationMinutes,
                    workout.calories, workout.distance,
                    workout.endTime?.timeIntervalSince1970,
                ])
            }
        }
        return added
    }

    /// Which of the quests are completed in the given periods.
    static func completedQuests(
        _ periods: [(questId: String, period: String)], of user: ServerUser,
        in db: Database
    ) throws -> Set<String> {
        let isDone = try db.cachedStatement(
            sql: """
                SELECT 1 FROM quest_completions WHERE user_id = ? AND quest_id = ? AND period = ?
                """)
        var done = Set<String>()
        for (id, period) in periods where try Bool.fetchOne(isDone, arguments: [user.id, id, period]) == true {
            done.insert(id)
        }
        return done
    }

    /// Inserts completions not stored yet; returns how many were new.
    static func insert(_ completions: [QuestCompletion], of user: ServerUser, in db: Database) throws -> Int {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO quest_completions (quest_id, user_id, period, date, completed_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """)
        var added = 0
        for completion in completions {
            try insert.execute(arguments: [
                completion.questId, user.id, completion.period, completion.date.description,
                completion.completedAt.timeIntervalSince1970,
            ])
            added += db.changesCount
        }
        return added
    }

    /// The user's quests; most writes are by users without any, found first by a query that
    /// costs a fraction of reading the (empty) list through GRDB.
    static func questsIfAny(of user: ServerUser, in db: Database) throws -> [Quest] {
        try hasQuests(user, in: db) ? quests(of: user, in: db) : []
    }

    /// Whether the user has any quest: most writes are by users without any, and this costs a
    /// fraction of reading the (empty) list through GRDB.
    private static func hasQuests(_ user: ServerUser, in db: Database) throws -> Bool {
        let query = RawStatement(try db.cachedStatement(sql: "SELECT 1 FROM quests WHERE user_id = ? LIMIT 1"))
        query.reset()
        query.bind(1, user.id)
        let found = try query.nextRow(db)
        query.reset()
        return found
    }

    static func quests(of user: ServerUser, in db: Database) throws -> [Quest] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id, title, metric, comparison, target, recurrence, requires_verified, created_at
                    FROM quests WHERE user_id = ? ORDER BY created_at, id
                    """), arguments: [user.id]
        ).compactMap(quest(from:))
    }

    /// The user's samples of `types` in `window` as statistics series, read through SQLite's C
    /// API (a day recomputation reads hundreds of rows, on every ingest).
    static func series(
        of user: ServerUser, types: [SampleType], in window: SampleWindow,
        in db: Database
    ) throws -> [SampleType: StatisticsSeries] {
        guard !types.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let query = RawStatement(
            try db.cachedStatement(
                sql: """
                    SELECT t.identifier, s.start, s."end", s.value, s.source_name, instr(s.metadata, ?) > 0 FROM types t JOIN samples s
                    ON s.user_id = ? AND s.type_id = t.id
                    WHERE t.identifier IN (\(placeholders)) AND s.start >= \(sampleStartBound) AND s.start < ? AND s."end" >= ?
                    """))
        query.reset()
        query.bind(1, ReportedTotal.jsonMarker)
        query.bind(2, user.id)
        var byIdentifier: [String: SampleType] = [:]
        for (offset, type) in types.enumerated() {
            query.bind(Int32(3 + offset), type.identifier)
            byIdentifier[type.identifier] = type
        }
        let next = Int32(3 + types.count)
        query.bind(next, window.startFrom)
        query.bind(next + 1, window.endFrom)
        query.bind(next + 2, window.startBefore)
        query.bind(next + 3, window.endFrom)
        var series: [SampleType: StatisticsSeries] = [:]
        while try query.nextRow(db) {
            guard let type = byIdentifier[query.text(0)] else { continue }
            series[type, default: StatisticsSeries()].append(
                start: query.double(1), end: query.double(2), value: query.double(3), sourceName: query.text(4),
                reported: query.int64(5) == 1)
        }
        return series
    }

    /// The user's workout records from `source` per day; read by position, as each ingest's day
    /// recompute reads them (a hot path).
    static func workoutCounts(
        of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate, in db: Database
    ) throws -> [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT date, COUNT(*) FROM workout_records WHERE user_id = ? AND source = ? AND date >= ? AND date <= ?
                    GROUP BY date
                    """), arguments: [user.id, source.rawValue, first.description, last.description])
        {
            if let day = try? LocalDate(parsing: row[0]) { counts[day] = row[1] }
        }
        return counts
    }
}
