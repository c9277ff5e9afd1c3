import Foundation
import GRDB
import VitalsCore
import VitalsStore
import VitalsContract

extension SQLiteRepository {
    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        try await self.write { db in
            var result = HealthWriteResult()
            // The recomputed days' samples: those stored before this write, read now, and those
            // this write adds, taken from memory (reading them back cost a tenth of the writer's time).
            var series: [SampleType: StatisticsSeries] = [:]
            if let range = write.recompute?.range { series = try Self.series(of: user, overlapping: range, in: db) }
            let added = try Self.insert(write.samples, for: user, in: db)
            result.samplesAdded = added.count
            result.workoutsAdded = try Self.insert(write.workouts, for: user, at: date, in: db)
            if let recompute = write.recompute, let range = recompute.range, let (first, last) = recompute.bounds {
                Self.append(added.map { write.samples[$0] }, overlapping: range, to: &series)
                let workouts = try Self.workoutCounts(of: user, source: .healthKit, from: first, through: last, in: db)
                for patch in try recompute.patches(series: series, healthKitWorkouts: workouts) {
                    try Self.upsert(patch, for: user, at: date, in: db)
                    result.recomputedDays.append(patch.date)
                }
            }
            for patch in write.snapshots {
                try Self.upsert(patch, for: user, at: date, in: db)
                if write.returnsSnapshots {
                    result.snapshots.append(try Self.snapshot(of: user, on: patch.date, source: patch.source, in: db)!)
                }
            }
            result.quests = try Self.completeQuests(of: user, on: write.writtenDays(recomputed: result.recomputedDays),
                                                    at: date, in: db)
            return result
        }
    }

    /// Inserts samples not stored yet; returns the offsets of those that were new.
    private static func insert(_ samples: [StoredSample], for user: ServerUser, in db: Database) throws -> [Int] {
        guard !samples.isEmpty else { return [] }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO samples (user_id, uuid, type, start, "end", value, source_name)
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        // Bound through SQLite's C API: GRDB's argument arrays cost more than the insert itself here.
        let row = RawStatement(statement)
        var added: [Int] = []
        added.reserveCapacity(samples.count)
        for (offset, sample) in samples.enumerated() {
            row.reset()
            row.bind(1, user.id)
            row.bind(2, sample.uuid)
            row.bind(3, sample.type)
            row.bind(4, sample.start.timeIntervalSince1970)
            row.bind(5, sample.end.timeIntervalSince1970)
            row.bind(6, sample.value)
            row.bind(7, sample.sourceName)
            try row.step(db)
            if row.changes(db) > 0 { added.append(offset) }
        }
        return added
    }

    /// Inserts workouts not stored yet (by external id); returns how many were new.
    private static func insert(_ workouts: [WorkoutRecord], for user: ServerUser, at date: Date, in db: Database) throws -> Int {
        guard !workouts.isEmpty else { return 0 }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO workout_records (user_id, external_id, date, source, type, duration_minutes, calories,
                distance, start_time, end_time, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        var added = 0
        for workout in workouts {
            try statement.execute(arguments: [
                user.id, workout.externalId, workout.date.description, workout.source.rawValue, workout.type,
                workout.durationMinutes, workout.calories, workout.distance,
                workout.startTime.timeIntervalSince1970, workout.endTime?.timeIntervalSince1970,
                date.timeIntervalSince1970,
            ])
            added += db.changesCount
        }
        return added
    }

    /// Completes, at most once per period, every quest the days' stored snapshots meet.
    private static func completeQuests(of user: ServerUser, on days: [LocalDate], at date: Date,
                                       in db: Database) throws -> QuestEvaluation {
        var evaluation = QuestEvaluation()
        guard !days.isEmpty, try hasQuests(user, in: db) else { return evaluation }
        let quests = try quests(of: user, in: db)
        guard !quests.isEmpty else { return evaluation }
        let calendar = user.calendar
        let isDone = try db.cachedStatement(sql: """
            SELECT 1 FROM quest_completions WHERE user_id = ? AND quest_id = ? AND period = ?
            """)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO quest_completions (quest_id, user_id, period, date, completed_at)
            VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        for day in days {
            var done = Set<String>()
            for quest in quests where try Bool.fetchOne(isDone, arguments: [user.id, quest.id, quest.recurrence.period(of: day)]) == true {
                done.insert(quest.id)
            }
            let snapshots = try snapshots(of: user, on: day, in: db)
            let (completions, results) = QuestEvaluation.evaluate(quests, on: day, snapshots: snapshots, done: done,
                                                                  at: date, calendar: calendar)
            var added = 0
            for completion in completions {
                try insert.execute(arguments: [completion.questId, user.id, completion.period, completion.date.description,
                                               completion.completedAt.timeIntervalSince1970])
                added += db.changesCount
            }
            evaluation.record(day, results: results, added: added)
        }
        return evaluation
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
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT id, title, metric, comparison, target, recurrence, requires_verified, created_at
            FROM quests WHERE user_id = ? ORDER BY created_at, id
            """), arguments: [user.id]).compactMap(quest(from:))
    }

    /// What recomputing days needs of the user's samples overlapping `range`, read through
    /// SQLite's C API (a day of an ingest is hundreds of rows, read on every request).
    static func series(of user: ServerUser, overlapping range: DateRange,
                       in db: Database) throws -> [SampleType: StatisticsSeries] {
        let types = DayRecompute.types
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let query = RawStatement(try db.cachedStatement(sql: """
            SELECT type, start, "end", value, source_name FROM samples
            WHERE user_id = ? AND type IN (\(placeholders)) AND start >= ? AND start < ? AND "end" >= ?
            """))
        query.reset()
        query.bind(1, user.id)
        for (offset, type) in types.enumerated() { query.bind(Int32(2 + offset), type.identifier) }
        let next = Int32(2 + types.count)
        query.bind(next, range.start.timeIntervalSince1970 - DayRecompute.longestSample)
        query.bind(next + 1, range.end.timeIntervalSince1970)
        query.bind(next + 2, range.start.timeIntervalSince1970)
        var series: [SampleType: StatisticsSeries] = [:]
        while try query.nextRow(db) {
            guard let type = DayRecompute.typesByIdentifier[query.text(0)] else { continue }
            series[type, default: StatisticsSeries()].append(
                start: query.double(1), end: query.double(2), value: query.double(3), sourceName: query.text(4))
        }
        return series
    }

    /// Adds the samples ``series(of:overlapping:in:)`` would select to `series`.
    static func append(_ samples: [StoredSample], overlapping range: DateRange,
                       to series: inout [SampleType: StatisticsSeries]) {
        for sample in samples where DayRecompute.reads(start: sample.start.timeIntervalSince1970,
                                                       end: sample.end.timeIntervalSince1970, for: range) {
            DayRecompute.append(sample, to: &series)
        }
    }

    static func samples(of user: ServerUser, types: [SampleType], overlapping range: DateRange,
                        in db: Database) throws -> [StoredSample] {
        guard !types.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let lowest = range.start.timeIntervalSince1970 - DayRecompute.longestSample
        var arguments: StatementArguments = [user.id]
        arguments += StatementArguments(types.map(\.identifier))
        arguments += [lowest, range.end.timeIntervalSince1970, range.start.timeIntervalSince1970]
        return try Row.fetchAll(db.cachedStatement(sql: """
            SELECT uuid, type, start, "end", value, source_name FROM samples
            WHERE user_id = ? AND type IN (\(placeholders)) AND start >= ? AND start < ? AND "end" >= ?
            ORDER BY start
            """), arguments: arguments).map(sample(from:))
    }

    static func workoutCounts(of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
                              through last: LocalDate, in db: Database) throws -> [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            SELECT date, COUNT(*) FROM workout_records WHERE user_id = ? AND source = ? AND date >= ? AND date <= ?
            GROUP BY date
            """), arguments: [user.id, source.rawValue, first.description, last.description]) {
            if let day = try? LocalDate(parsing: row[0]) { counts[day] = row[1] }
        }
        return counts
    }
}
