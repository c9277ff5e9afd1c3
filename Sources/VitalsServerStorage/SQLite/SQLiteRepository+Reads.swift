import Foundation
import GRDB
import VitalsContract
import VitalsCore

/// A user's stored health data, read; whole workouts, routes and activity summaries are read in
/// +FullRecords, a sample by UUID in +SampleDeletes, characteristics in +Characteristics.
extension SQLiteRepository: HealthRecordReader {
    public func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot] {
        try await read { db in try Self.snapshots(of: user, on: date, in: db) }
    }

    public func samples(
        of user: ServerUser, type: SampleType, startingBefore end: Date?,
        endingFrom start: Date?
    ) async throws -> [StoredSample] {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await read { db in try Self.samples(of: user, type: type, in: window, in: db) }
    }

    /// The user's stored samples of `type` in `window`, oldest start first.
    static func samples(
        of user: ServerUser, type: SampleType, in window: SampleWindow, in db: Database
    ) throws
        -> [StoredSample]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT s.uuid, t.identifier, s.start, s."end", s.value, s.source_name, s.metadata FROM types t
                    JOIN samples s ON s.user_id = ? AND s.type_id = t.id
                    WHERE t.identifier = ? AND s.start >= \(sampleStartBound) AND s.start < ? AND s."end" >= ?
                    ORDER BY s.start, s.uuid
                    """),
            arguments: [
                user.id, type.identifier, window.startFrom, window.endFrom, window.startBefore,
                window.endFrom,
            ]
        ).map(Self.sample(from:))
    }

    public func series(of user: ServerUser, type: SampleType, in window: SampleWindow) async throws -> StatisticsSeries
    {
        try await read { db in try Self.series(of: user, types: [type], in: window, in: db)[type] ?? StatisticsSeries()
        }
    }

    public func typeSummaries(of user: ServerUser) async throws -> [TypeSummary] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT t.identifier, COUNT(*) AS count, MIN(s.start) AS first_start, MAX(s."end") AS last_end
                        FROM samples s JOIN types t ON t.id = s.type_id
                        WHERE s.user_id = ? GROUP BY t.identifier ORDER BY t.identifier
                        """), arguments: [user.id]
            ).map { row in
                TypeSummary(
                    type: SampleType(identifier: row["identifier"]), count: row["count"],
                    first: Date(timeIntervalSince1970: row["first_start"]),
                    last: Date(timeIntervalSince1970: row["last_end"]))
            }
        }
    }

    public func sourceNames(of user: ServerUser, type: SampleType?) async throws -> [String] {
        try await read { db in
            if let type {
                return try String.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT DISTINCT source_name FROM samples
                            WHERE user_id = ? AND type_id = (SELECT id FROM types WHERE identifier = ?) ORDER BY source_name
                            """), arguments: [user.id, type.identifier])
            }
            return try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT source_name FROM samples WHERE user_id = ? ORDER BY source_name
                        """), arguments: [user.id])
        }
    }

    public func workoutCounts(
        of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
        through last: LocalDate
    ) async throws -> [LocalDate: Int] {
        try await read { db in try Self.workoutCounts(of: user, source: source, from: first, through: last, in: db) }
    }
}
