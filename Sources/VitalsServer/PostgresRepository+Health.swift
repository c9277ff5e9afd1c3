import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsContract

extension PostgresRepository {
    static let snapshotSelect = SnapshotColumns.select.replacingOccurrences(of: "SELECT date,", with: "SELECT date::text,")

    /// The first key of the per-user write locks (the second is the user's id).
    static let userWriteLock: Int32 = 7_310_423

    /// Runs `body` in a transaction that holds the user's write lock, shared with concurrent writes.
    ///
    /// A write reads the user's stored samples to recompute days and judge quests, then writes
    /// what it found; two at once (on one server's pool, or on two servers) would each miss the
    /// other's samples, and the later commit would leave a day short and a quest never completed.
    /// The lock (a transaction-level advisory lock, released at commit or rollback) makes one
    /// user's writes take turns on every server; other users' writes go on at the same time.
    /// Concurrent writes share one transaction and commit (see ``PostgresWriteBatcher``); this
    /// returns once the commit that holds `body`'s writes succeeded.
    public func writeTransaction<T: Sendable>(
        for user: ServerUser,
        _ body: nonisolated(nonsending) @escaping @Sendable (any HealthWriteTransaction) async throws -> T
    ) async throws -> T {
        try await guarded {
            try await batcher.write(lockKey: Self.lockKey(of: user)) { connection in
                try await body(PostgresWriteTransaction(repository: self, connection: connection, user: user))
            }
        }
    }

    /// The second key of the user's write lock.
    static func lockKey(of user: ServerUser) -> Int32 {
        Int32(truncatingIfNeeded: user.id % Int64(Int32.max))
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

    /// The user's samples of `types` in `window`, oldest start first.
    func fetchSamples(of user: ServerUser, types: [SampleType], in window: SampleWindow,
                      on connection: PostgresConnection) async throws -> [StoredSample] {
        guard !types.isEmpty else { return [] }
        var samples: [StoredSample] = []
        for try await (uuid, type, start, end, value, source, metadata) in try await connection.query("""
            SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM samples
            WHERE user_id = \(user.id) AND type = ANY(\(types.map(\.identifier))::text[])
            AND start_time >= \(window.startFrom) AND start_time < \(window.startBefore) AND end_time >= \(window.endFrom)
            ORDER BY start_time, uuid
            """, logger: logger).decode((UUID, String, Double, Double, Double, String, String?).self) {
            samples.append(StoredSample(uuid: uuid, type: type, start: Date(timeIntervalSince1970: start),
                                        end: Date(timeIntervalSince1970: end), value: value, sourceName: source,
                                        metadata: StoredSample.metadata(json: metadata)))
        }
        return samples
    }

    public func samples(of user: ServerUser, type: SampleType, startingBefore end: Date?,
                        endingFrom start: Date?) async throws -> [StoredSample] {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await guarded {
            try await client.withConnection { try await fetchSamples(of: user, types: [type], in: window, on: $0) }
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
