import Foundation
import GRDB
import VitalsCore
import VitalsSync

/// The server's repository in one SQLite file (WAL), the zero-setup default of `vitals serve`.
public final class SQLiteRepository: HealthRepository {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating if needed) the database at `path`; call ``migrate()`` before use.
    public init(path: String) throws {
        self.path = path
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: config)
        } catch {
            throw VitalsError(.unavailable, "cannot open the server database", at: InputLocation(file: path),
                              underlying: ServerFailure(error))
        }
    }

    public func migrate() async throws {
        try await guarded { try Self.migrator.migrate(self.pool) }
    }

    public func close() async throws {
        try pool.close()
    }

    // MARK: Users

    public func addUser(name: String, timeZone: String, tokenHash: String, at date: Date) async throws -> ServerUser {
        try await write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE name = ?", arguments: [name]) == true {
                throw VitalsError(.duplicate, "a user with this name exists", at: InputLocation(field: "name"))
            }
            try db.execute(sql: "INSERT INTO users (name, time_zone, created_at) VALUES (?, ?, ?)",
                           arguments: [name, timeZone, date.timeIntervalSince1970])
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO tokens (user_id, token_hash, created_at) VALUES (?, ?, ?)",
                           arguments: [id, tokenHash, date.timeIntervalSince1970])
            return ServerUser(id: id, name: name, timeZone: timeZone)
        }
    }

    public func replaceToken(ofUser name: String, tokenHash: String, at date: Date) async throws -> ServerUser {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, name, time_zone FROM users WHERE name = ?",
                                             arguments: [name]) else {
                throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
            }
            let user = ServerUser(id: row[0], name: row[1], timeZone: row[2])
            try db.execute(sql: """
                INSERT INTO tokens (user_id, token_hash, created_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """, arguments: [user.id, tokenHash, date.timeIntervalSince1970])
            return user
        }
    }

    public func user(tokenHash: String) async throws -> ServerUser? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT u.id, u.name, u.time_zone FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?
                """, arguments: [tokenHash]).map { ServerUser(id: $0[0], name: $0[1], timeZone: $0[2]) }
        }
    }

    public func users() async throws -> [ServerUser] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, time_zone FROM users ORDER BY name")
                .map { ServerUser(id: $0[0], name: $0[1], timeZone: $0[2]) }
        }
    }

    // MARK: Health data

    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        try await self.write { db in
            var samplesAdded = 0
            if !write.samples.isEmpty {
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO samples (user_id, uuid, type, start, "end", value, source_name)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """)
                for sample in write.samples {
                    try statement.execute(arguments: [
                        user.id, sample.uuid, sample.type, sample.start.timeIntervalSince1970,
                        sample.end.timeIntervalSince1970, sample.value, sample.sourceName,
                    ])
                    samplesAdded += db.changesCount
                }
            }
            var workoutsAdded = 0
            if !write.workouts.isEmpty {
                let statement = try db.cachedStatement(sql: """
                    INSERT INTO workout_records (user_id, external_id, date, source, type, duration_minutes, calories,
                        distance, start_time, end_time, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """)
                for workout in write.workouts {
                    try statement.execute(arguments: [
                        user.id, workout.externalId, workout.date.description, workout.source.rawValue, workout.type,
                        workout.durationMinutes, workout.calories, workout.distance,
                        workout.startTime.timeIntervalSince1970, workout.endTime?.timeIntervalSince1970,
                        date.timeIntervalSince1970,
                    ])
                    workoutsAdded += db.changesCount
                }
            }
            var snapshots: [HealthSnapshot] = []
            for patch in write.snapshots {
                try Self.upsert(patch, for: user, at: date, in: db)
                snapshots.append(try Self.snapshot(of: user, on: patch.date, source: patch.source, in: db)!)
            }
            return HealthWriteResult(samplesAdded: samplesAdded, workoutsAdded: workoutsAdded, snapshots: snapshots)
        }
    }

    public func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot] {
        try await read { db in
            try Row.fetchAll(db, sql: "\(Self.snapshotColumns) WHERE user_id = ? AND date = ? ORDER BY source",
                             arguments: [user.id, date.description]).compactMap(Self.snapshot(from:))
        }
    }

    public func samples(of user: ServerUser, types: [SampleType], overlapping range: DateRange) async throws -> [StoredSample] {
        guard !types.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        // Samples longer than a week are not counted as starting before the range.
        let lowest = range.start.timeIntervalSince1970 - 7 * 86_400
        var arguments: StatementArguments = [user.id]
        arguments += StatementArguments(types.map(\.identifier))
        arguments += [lowest, range.end.timeIntervalSince1970, range.start.timeIntervalSince1970]
        return try await read { [arguments] db in
            try Row.fetchAll(db, sql: """
                SELECT uuid, type, start, "end", value, source_name FROM samples
                WHERE user_id = ? AND type IN (\(placeholders)) AND start >= ? AND start < ? AND "end" >= ?
                ORDER BY start
                """, arguments: arguments).map(Self.sample(from:))
        }
    }

    public func workoutCounts(of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
                              through last: LocalDate) async throws -> [LocalDate: Int] {
        try await read { db in
            var counts: [LocalDate: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT date, COUNT(*) FROM workout_records WHERE user_id = ? AND source = ? AND date >= ? AND date <= ?
                GROUP BY date
                """, arguments: [user.id, source.rawValue, first.description, last.description]) {
                if let day = try? LocalDate(parsing: row[0]) { counts[day] = row[1] }
            }
            return counts
        }
    }
}
