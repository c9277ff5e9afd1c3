import Foundation
import Logging
import NIOCore
import PostgresNIO
import VitalsCore
import VitalsServerStorage
import VitalsStore

extension PostgresRepository: DailyStatisticsStoring {
    package func storedDays(
        of user: ServerUser, type: SampleType, variant: String, starting starts: ClosedRange<Double>
    )
        async throws -> StoredDays
    {
        try await guarded {
            try await client.withConnection { connection in
                // The epoch first: days read after it are at least as fresh (each statement sees what committed before it).
                var epoch: Int64 = 0
                for try await value in try await connection.query(
                    "SELECT value FROM daily_statistics_epochs WHERE user_id = \(user.id)", logger: logger
                ).decode(Int64.self) {
                    epoch = value
                }
                var days: [Double: DailyStatisticsRow] = [:]
                for try await row in try await connection.query(
                    """
                    SELECT \(unescaped: DailyStatisticsRow.columns)
                    FROM daily_statistics WHERE user_id = \(user.id) AND type = \(type.identifier) AND variant = \(variant)
                        AND day_start >= \(starts.lowerBound) AND day_start <= \(starts.upperBound)
                    """, logger: logger)
                {
                    let day = try Self.day(from: row)
                    days[day.start] = day
                }
                return StoredDays(epoch: epoch, days: days)
            }
        }
    }

    /// Under the user's write lock, so no write of the user is half-way while the epoch is compared.
    package func storeDays(
        _ days: [DailyStatisticsRow], of user: ServerUser, type: SampleType, variant: String,
        ifEpoch epoch: Int64
    ) async throws -> Bool {
        guard !days.isEmpty else { return true }
        // NaN and empty bytes stand for NULL in the arrays: a stored day's values are finite and its parts never empty.
        func column(_ value: (DailyStatisticsRow) -> Double?) -> [Double] { days.map { value($0) ?? .nan } }
        let parts = days.map { $0.parts.map { ByteBuffer(bytes: DailyStatisticsRow.encode($0)) } ?? ByteBuffer() }
        return try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.userWriteLock), \(Self.lockKey(of: user)))",
                    logger: logger)
                var stored = false
                for try await _ in try await connection.query(
                    """
                    INSERT INTO daily_statistics (user_id, type, variant, day_start, day_end, sample_count, sum, average,
                        minimum, maximum, most_recent, most_recent_start, most_recent_end, duration, parts)
                    SELECT \(user.id), \(type.identifier), \(variant), s, e, c, NULLIF(su, 'NaN'), NULLIF(av, 'NaN'),
                        NULLIF(mi, 'NaN'), NULLIF(ma, 'NaN'), NULLIF(mr, 'NaN'), NULLIF(rs, 'NaN'), NULLIF(re, 'NaN'),
                        NULLIF(du, 'NaN'), NULLIF(p, ''::bytea)
                    FROM UNNEST(\(days.map(\.start))::float8[], \(days.map(\.end))::float8[],
                        \(days.map { Int64($0.sampleCount) })::int8[], \(column(\.sum))::float8[],
                        \(column(\.average))::float8[], \(column(\.minimum))::float8[], \(column(\.maximum))::float8[],
                        \(column(\.mostRecent))::float8[], \(column(\.mostRecentStart))::float8[],
                        \(column(\.mostRecentEnd))::float8[], \(column(\.duration))::float8[], \(parts)::bytea[])
                        AS x(s, e, c, su, av, mi, ma, mr, rs, re, du, p)
                    WHERE COALESCE((SELECT value FROM daily_statistics_epochs WHERE user_id = \(user.id)), 0) = \(epoch)
                    ON CONFLICT (user_id, type, variant, day_start, day_end) DO UPDATE SET
                        sample_count = excluded.sample_count, sum = excluded.sum, average = excluded.average,
                        minimum = excluded.minimum, maximum = excluded.maximum, most_recent = excluded.most_recent,
                        most_recent_start = excluded.most_recent_start, most_recent_end = excluded.most_recent_end,
                        duration = excluded.duration, parts = excluded.parts
                    RETURNING 1
                    """, logger: logger)
                {
                    stored = true
                }
                return stored
            }
        }
    }

    package func storedDayCount(of user: ServerUser) async throws -> Int {
        try await guarded {
            var count = 0
            for try await value in try await client.query(
                "SELECT COUNT(*) FROM daily_statistics WHERE user_id = \(user.id)", logger: logger
            ).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    package func forgetStoredDays(of user: ServerUser) async throws {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.userWriteLock), \(Self.lockKey(of: user)))",
                    logger: logger)
                try await connection.query("DELETE FROM daily_statistics WHERE user_id = \(user.id)", logger: logger)
                try await Self.advanceDayEpoch(of: user.id, on: connection, logger: logger)
            }
        }
    }

    /// Advances user `id`'s epoch, in the caller's transaction.
    static func advanceDayEpoch(of id: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO daily_statistics_epochs (user_id, value) VALUES (\(id), 1)
            ON CONFLICT (user_id) DO UPDATE SET value = daily_statistics_epochs.value + 1
            """, logger: logger)
    }

    /// A day from a row of `DailyStatisticsRow.columns`, read by position as VitalsStore's
    /// `DailyStatisticsRow(row:)` reads it: the statistics reads' hot path.
    private static func day(from row: PostgresRow) throws -> DailyStatisticsRow {
        let cells = row.makeRandomAccess()
        var day = DailyStatisticsRow(start: try cells[0].decode(Double.self), end: try cells[1].decode(Double.self))
        day.sampleCount = try cells[2].decode(Int.self)
        day.sum = try cells[3].decode(Double?.self)
        day.average = try cells[4].decode(Double?.self)
        day.minimum = try cells[5].decode(Double?.self)
        day.maximum = try cells[6].decode(Double?.self)
        day.mostRecent = try cells[7].decode(Double?.self)
        day.mostRecentStart = try cells[8].decode(Double?.self)
        day.mostRecentEnd = try cells[9].decode(Double?.self)
        day.duration = try cells[10].decode(Double?.self)
        day.parts = try cells[11].decode(Data?.self).flatMap(DailyStatisticsRow.decode)
        return day
    }

    /// The common table expressions that forget the user's days the samples of the CTE `changed`
    /// (with `type`, `start_time` and `end_time`) touch, one span per type from its earliest start
    /// to its latest end, and advance the user's epoch when `changed` has rows. Numbers only, so
    /// the text is safe to splice into a statement.
    static func forgettingDays(of user: ServerUser) -> String {
        forgettingDays(ofUser: "\(user.id)")
    }

    /// ``forgettingDays(of:)`` for the user `user`, a number or a parameter such as `$1`.
    static func forgettingDays(ofUser user: String) -> String {
        """
        forgotten AS (
            DELETE FROM daily_statistics d USING (
                SELECT type, MIN(start_time) AS lower, MAX(end_time) AS upper FROM changed GROUP BY type
            ) AS span
            WHERE d.user_id = \(user) AND d.type = span.type AND d.day_start >= span.lower - \(DailyCachePlan.longestDay)
                AND d.day_start <= span.upper AND d.day_end >= span.lower
        ),
        advanced AS (
            INSERT INTO daily_statistics_epochs (user_id, value) SELECT \(user), 1 WHERE EXISTS (SELECT 1 FROM changed)
            ON CONFLICT (user_id) DO UPDATE SET value = daily_statistics_epochs.value + 1
        )
        """
    }
}
