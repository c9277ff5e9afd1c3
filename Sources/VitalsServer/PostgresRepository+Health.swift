import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsContract

extension PostgresRepository {
    static let snapshotSelect = SnapshotColumns.select.replacingOccurrences(of: "SELECT date,", with: "SELECT date::text,")

    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var result = HealthWriteResult()
                result.samplesAdded = try await insert(write.samples, for: user, on: connection)
                for workout in write.workouts {
                    let rows = try await connection.query("""
                        INSERT INTO workout_records (user_id, external_id, date, source, type, duration_minutes, calories,
                            distance, start_time, end_time, created_at)
                        VALUES (\(user.id), \(workout.externalId), \(workout.date.description)::date,
                            \(workout.source.rawValue), \(workout.type), \(workout.durationMinutes), \(workout.calories),
                            \(workout.distance), \(workout.startTime), \(workout.endTime), \(date))
                        ON CONFLICT DO NOTHING RETURNING 1
                        """, logger: logger)
                    for try await _ in rows { result.workoutsAdded += 1 }
                }
                if let recompute = write.recompute, let range = recompute.range, let (first, last) = recompute.bounds {
                    let samples = try await fetchSamples(of: user, types: DayRecompute.types, overlapping: range, on: connection)
                    let workouts = try await fetchWorkoutCounts(of: user, source: .healthKit, from: first, through: last,
                                                                on: connection)
                    for patch in try recompute.patches(samples: samples, healthKitWorkouts: workouts) {
                        try await upsert(patch, for: user, at: date, on: connection)
                        result.recomputedDays.append(patch.date)
                    }
                }
                for patch in write.snapshots {
                    try await upsert(patch, for: user, at: date, on: connection)
                    guard write.returnsSnapshots else { continue }
                    let rows = try await connection.query("""
                        \(unescaped: Self.snapshotSelect) WHERE user_id = \(user.id)
                        AND date = \(patch.date.description)::date AND source = \(patch.source.rawValue)
                        """, logger: logger)
                    for try await row in rows {
                        if let snapshot = try Self.snapshot(from: row) { result.snapshots.append(snapshot) }
                    }
                }
                result.quests = try await completeQuests(of: user, on: write.writtenDays(recomputed: result.recomputedDays),
                                                         at: date, on: connection)
                return result
            }
        }
    }

    /// Inserts samples not stored yet, in chunks of one statement each; returns how many were new.
    private func insert(_ samples: [StoredSample], for user: ServerUser, on connection: PostgresConnection) async throws -> Int {
        var added = 0
        var offset = 0
        while offset < samples.count {
            let chunk = samples[offset..<min(samples.count, offset + 5_000)]
            offset += chunk.count
            let rows = try await connection.query("""
                INSERT INTO samples (user_id, uuid, type, start_time, end_time, value, source_name)
                SELECT \(user.id), u, t, s, e, v, n FROM UNNEST(\(chunk.map(\.uuid))::uuid[], \(chunk.map(\.type))::text[],
                    \(chunk.map(\.start.timeIntervalSince1970))::float8[], \(chunk.map(\.end.timeIntervalSince1970))::float8[],
                    \(chunk.map(\.value))::float8[], \(chunk.map(\.sourceName))::text[]) AS x(u, t, s, e, v, n)
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: logger)
            for try await _ in rows { added += 1 }
        }
        return added
    }

    /// Upserts one snapshot with the same rules as the SQLite repository.
    private func upsert(_ patch: SnapshotPatch, for user: ServerUser, at date: Date, on connection: PostgresConnection) async throws {
        var patch = patch
        if patch.countsStoredWorkouts {
            var count = 0
            for try await value in try await connection.query("""
                SELECT COUNT(*) FROM workout_records WHERE user_id = \(user.id)
                AND date = \(patch.date.description)::date AND source = \(patch.source.rawValue)
                """, logger: logger).decode(Int.self) {
                count = value
            }
            patch.workoutsCount = count
        }
        let columns = SnapshotColumns.metrics.joined(separator: ", ")
        try await connection.query("""
            INSERT INTO health_snapshots (user_id, date, source, \(unescaped: columns), verification_level, updated_at)
            VALUES (\(user.id), \(patch.date.description)::date, \(patch.source.rawValue), \(patch.steps),
                \(patch.exerciseMinutes), \(patch.standMinutes), \(patch.sleepMinutes), \(patch.activeCalories),
                \(patch.restingHeartRate), \(patch.hrv), \(patch.workoutsCount), \(patch.sleepQualityScore),
                \(patch.proteinLogged), \(patch.source.verificationLevel.rawValue), \(date))
            ON CONFLICT (user_id, date, source) DO UPDATE SET \(unescaped: SnapshotColumns.coalescingUpdates),
                updated_at = excluded.updated_at
            WHERE \(unescaped: SnapshotColumns.changes(distinct: "IS DISTINCT FROM"))
            """, logger: logger)
    }

    /// A snapshot from a row of ``snapshotSelect``; nil for a row this version cannot read.
    static func snapshot(from row: PostgresRow) throws -> HealthSnapshot? {
        let cells = row.makeRandomAccess()
        guard let date = try? LocalDate(parsing: try cells[0].decode(String.self)),
              let source = HealthSyncRequest.DataSource(rawValue: try cells[1].decode(String.self)) else { return nil }
        var snapshot = HealthSnapshot(date: date, source: source, updatedAt: try cells[13].decode(Date.self))
        snapshot.steps = try cells[2].decode(Int?.self)
        snapshot.exerciseMinutes = try cells[3].decode(Int?.self)
        snapshot.standMinutes = try cells[4].decode(Int?.self)
        snapshot.sleepMinutes = try cells[5].decode(Int?.self)
        snapshot.activeCalories = try cells[6].decode(Double?.self)
        snapshot.restingHeartRate = try cells[7].decode(Double?.self)
        snapshot.hrv = try cells[8].decode(Double?.self)
        snapshot.workoutsCount = try cells[9].decode(Int?.self)
        snapshot.sleepQualityScore = try cells[10].decode(Double?.self)
        snapshot.proteinLogged = try cells[11].decode(Bool?.self)
        snapshot.verificationLevel = VerificationLevel(rawValue: try cells[12].decode(String.self)) ?? source.verificationLevel
        return snapshot
    }

    public func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot] {
        try await guarded { try await client.withConnection { try await fetchSnapshots(of: user, on: date, on: $0) } }
    }

    func fetchSnapshots(of user: ServerUser, on date: LocalDate, on connection: PostgresConnection) async throws -> [HealthSnapshot] {
        var snapshots: [HealthSnapshot] = []
        for try await row in try await connection.query("""
            \(unescaped: Self.snapshotSelect) WHERE user_id = \(user.id) AND date = \(date.description)::date
            ORDER BY source
            """, logger: logger) {
            if let snapshot = try Self.snapshot(from: row) { snapshots.append(snapshot) }
        }
        return snapshots
    }

    public func samples(of user: ServerUser, types: [SampleType], overlapping range: DateRange) async throws -> [StoredSample] {
        try await guarded {
            try await client.withConnection { try await fetchSamples(of: user, types: types, overlapping: range, on: $0) }
        }
    }

    func fetchSamples(of user: ServerUser, types: [SampleType], overlapping range: DateRange,
                      on connection: PostgresConnection) async throws -> [StoredSample] {
        guard !types.isEmpty else { return [] }
        let lowest = range.start.timeIntervalSince1970 - DayRecompute.longestSample
        var samples: [StoredSample] = []
        for try await (uuid, type, start, end, value, source) in try await connection.query("""
            SELECT uuid, type, start_time, end_time, value, source_name FROM samples
            WHERE user_id = \(user.id) AND type = ANY(\(types.map(\.identifier))::text[])
            AND start_time >= \(lowest) AND start_time < \(range.end.timeIntervalSince1970)
            AND end_time >= \(range.start.timeIntervalSince1970)
            ORDER BY start_time
            """, logger: logger).decode((UUID, String, Double, Double, Double, String).self) {
            samples.append(StoredSample(uuid: uuid, type: type, start: Date(timeIntervalSince1970: start),
                                        end: Date(timeIntervalSince1970: end), value: value, sourceName: source))
        }
        return samples
    }

    public func samples(of user: ServerUser, type: SampleType, startingBefore end: Date?,
                        endingFrom start: Date?) async throws -> [StoredSample] {
        let upper = end?.timeIntervalSince1970 ?? .infinity
        let lower = start?.timeIntervalSince1970 ?? -.infinity
        return try await guarded {
            try await client.withConnection { connection in
                var samples: [StoredSample] = []
                for try await (uuid, type, start, end, value, source) in try await connection.query("""
                    SELECT uuid, type, start_time, end_time, value, source_name FROM samples
                    WHERE user_id = \(user.id) AND type = \(type.identifier)
                    AND start_time < \(upper) AND end_time >= \(lower)
                    ORDER BY start_time, uuid
                    """, logger: logger).decode((UUID, String, Double, Double, Double, String).self) {
                    samples.append(StoredSample(uuid: uuid, type: type, start: Date(timeIntervalSince1970: start),
                                                end: Date(timeIntervalSince1970: end), value: value, sourceName: source))
                }
                return samples
            }
        }
    }

    public func sourceNames(of user: ServerUser, type: SampleType?) async throws -> [String] {
        try await guarded {
            try await client.withConnection { connection in
                var names: [String] = []
                let rows = if let type {
                    try await connection.query("""
                        SELECT DISTINCT source_name FROM samples WHERE user_id = \(user.id) AND type = \(type.identifier)
                        ORDER BY source_name
                        """, logger: logger)
                } else {
                    try await connection.query("""
                        SELECT DISTINCT source_name FROM samples WHERE user_id = \(user.id) ORDER BY source_name
                        """, logger: logger)
                }
                for try await name in rows.decode(String.self) { names.append(name) }
                return names
            }
        }
    }

    public func workoutCounts(of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
                              through last: LocalDate) async throws -> [LocalDate: Int] {
        try await guarded {
            try await client.withConnection {
                try await fetchWorkoutCounts(of: user, source: source, from: first, through: last, on: $0)
            }
        }
    }

    func fetchWorkoutCounts(of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
                            through last: LocalDate, on connection: PostgresConnection) async throws -> [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        for try await (day, count) in try await connection.query("""
            SELECT date::text, COUNT(*) FROM workout_records WHERE user_id = \(user.id) AND source = \(source.rawValue)
            AND date >= \(first.description)::date AND date <= \(last.description)::date GROUP BY date
            """, logger: logger).decode((String, Int).self) {
            if let day = try? LocalDate(parsing: day) { counts[day] = count }
        }
        return counts
    }
}
