import Foundation
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// A user's stored health data, read; whole workouts, routes and activity summaries are read in
/// +FullRecords, a sample by UUID in +SampleLookup, characteristics in +Characteristics.
extension PostgresRepository: HealthRecordReader {
    /// A snapshot from a row of ``snapshotSelect``; nil for a row this version cannot read.
    ///
    /// Read by position, in ``SnapshotColumns/select``'s order: a hot path (every `GET /api/health`
    /// and every write's snapshot read), where a lookup by name would cost per column and row.
    static func snapshot(from row: PostgresRow) throws -> HealthSnapshot? {
        let cells = row.makeRandomAccess()
        guard let date = try? LocalDate(parsing: try cells[0].decode(String.self)),
            let source = HealthSyncRequest.DataSource(rawValue: try cells[1].decode(String.self))
        else { return nil }
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
        snapshot.verificationLevel =
            VerificationLevel(rawValue: try cells[12].decode(String.self)) ?? source.verificationLevel
        return snapshot
    }

    public func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot] {
        try await guarded { try await client.withConnection { try await fetchSnapshots(of: user, on: date, on: $0) } }
    }

    func fetchSnapshots(
        of user: ServerUser, on date: LocalDate, on connection: PostgresConnection
    ) async throws -> [HealthSnapshot] {
        var snapshots: [HealthSnapshot] = []
        let statement = PostgresPrepared.DaySnapshots(userID: user.id, day: date)
        for try await row in try await connection.execute(statement, logger: logger) {
            if let snapshot = try Self.snapshot(from: row) { snapshots.append(snapshot) }
        }
        return snapshots
    }

    /// The user's samples of `types` in `window`, oldest start first.
    /// No sample ending at or after the window's `endFrom` starts before `endFrom` minus the user's
    /// longest sample of its type (`sample_durations`, kept by every insert), so the
    /// `(user_id, type, start_time)` index is read from there instead of from the user's first sample.
    func fetchSamples(
        of user: ServerUser, types: [SampleType], in window: SampleWindow,
        on connection: PostgresConnection
    ) async throws -> [StoredSample] {
        guard !types.isEmpty else { return [] }
        var samples: [StoredSample] = []
        for try await row in try await connection.query(
            """
            SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM samples
            WHERE user_id = \(user.id) AND type = ANY(\(types.map(\.identifier))::text[])
            AND start_time >= GREATEST(\(window.startFrom), \(window.endFrom) - COALESCE((
                SELECT MAX(longest) FROM sample_durations
                WHERE user_id = \(user.id) AND type = ANY(\(types.map(\.identifier))::text[])), 'Infinity'))
            AND start_time < \(window.startBefore) AND end_time >= \(window.endFrom)
            ORDER BY start_time, uuid
            """, logger: logger
        ).decode(SampleRow.self) {
            samples.append(Self.sample(from: row))
        }
        return samples
    }

    /// A sample row's columns: uuid, type, start_time, end_time, value, source_name, metadata.
    /// Decoded by position: the arrival rule's reads in every ingest and reads of a year of samples.
    typealias SampleRow = (UUID, String, Double, Double, Double, String, String?)

    /// The sample of a ``SampleRow``.
    static func sample(from row: SampleRow) -> StoredSample {
        let (uuid, type, start, end, value, source, metadata) = row
        return StoredSample(
            uuid: uuid, type: type, start: Date(timeIntervalSince1970: start),
            end: Date(timeIntervalSince1970: end), value: value, sourceName: source,
            metadata: StoredSample.metadata(json: metadata))
    }

    /// The user's samples of `types` in `window` as each type's statistics series (times, values and
    /// source names only), bounded below as ``fetchSamples(of:types:in:on:)`` is.
    func fetchSeries(
        of user: ServerUser, types: [SampleType], in window: SampleWindow,
        on connection: PostgresConnection
    ) async throws -> [SampleType: StatisticsSeries] {
        guard !types.isEmpty else { return [:] }
        let byIdentifier = Dictionary(types.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var series: [SampleType: StatisticsSeries] = [:]
        let statement = PostgresPrepared.SeriesInWindow(userID: user.id, types: types.map(\.identifier), window: window)
        for try await row in try await connection.execute(statement, logger: logger) {
            let (identifier, start, end, value, source, reported) = try row.decode(
                (String, Double, Double, Double, String, Bool).self)
            guard let type = byIdentifier[identifier] else { continue }
            series[type, default: StatisticsSeries()].append(
                start: start, end: end, value: value, sourceName: source,
                reported: reported)
        }
        return series
    }

    public func series(of user: ServerUser, type: SampleType, in window: SampleWindow) async throws -> StatisticsSeries
    {
        try await guarded {
            try await client.withConnection { try await fetchSeries(of: user, types: [type], in: window, on: $0)[type] }
        } ?? StatisticsSeries()
    }

    public func samples(
        of user: ServerUser, type: SampleType, startingBefore end: Date?,
        endingFrom start: Date?
    ) async throws -> [StoredSample] {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await guarded {
            try await client.withConnection { try await fetchSamples(of: user, types: [type], in: window, on: $0) }
        }
    }

    public func typeSummaries(of user: ServerUser) async throws -> [TypeSummary] {
        try await guarded {
            try await client.withConnection { connection in
                var summaries: [TypeSummary] = []
                let rows = try await connection.query(
                    """
                    SELECT type, COUNT(*) AS count, MIN(start_time) AS first_start, MAX(end_time) AS last_end
                    FROM samples WHERE user_id = \(user.id) GROUP BY type ORDER BY type
                    """, logger: logger)
                for try await row in rows {
                    let cells = row.makeRandomAccess()
                    summaries.append(
                        TypeSummary(
                            type: SampleType(identifier: try cells.value("type")),
                            count: try cells.value("count"),
                            first: Date(timeIntervalSince1970: try cells.value("first_start")),
                            last: Date(timeIntervalSince1970: try cells.value("last_end"))))
                }
                return summaries
            }
        }
    }

    public func sourceNames(of user: ServerUser, type: SampleType?) async throws -> [String] {
        try await guarded {
            try await client.withConnection { connection in
                var names: [String] = []
                let rows =
                    if let type {
                        try await connection.query(
                            """
                            SELECT DISTINCT source_name FROM samples WHERE user_id = \(user.id) AND type = \(type.identifier)
                            ORDER BY source_name
                            """, logger: logger)
                    } else {
                        try await connection.query(
                            """
                            SELECT DISTINCT source_name FROM samples WHERE user_id = \(user.id) ORDER BY source_name
                            """, logger: logger)
                    }
                for try await name in rows.decode(String.self) { names.append(name) }
                return names
            }
        }
    }

    public func workoutCounts(
        of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate
    ) async throws -> [LocalDate: Int] {
        try await guarded {
            try await client.withConnection {
                try await fetchWorkoutCounts(of: user, source: source, from: first, through: last, on: $0)
            }
        }
    }

    /// The user's workout records from `source` per day; decoded by position, as each ingest's day
    /// recompute reads them (a hot path).
    func fetchWorkoutCounts(
        of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate, on connection: PostgresConnection
    ) async throws -> [LocalDate: Int] {
        var counts: [LocalDate: Int] = [:]
        let statement = PostgresPrepared.WorkoutCounts(
            userID: user.id, source: source.rawValue,
            first: first.description, last: last.description)
        for try await row in try await connection.execute(statement, logger: logger) {
            let (day, count) = try row.decode((String, Int).self)
            if let day = try? LocalDate(parsing: day) { counts[day] = count }
        }
        return counts
    }
}
