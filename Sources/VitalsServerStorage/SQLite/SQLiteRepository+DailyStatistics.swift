import Foundation
import GRDB
import VitalsCore
import VitalsStore

extension SQLiteRepository: DailyStatisticsStoring {
    /// The migration that adds the per-user day cache and its epochs (see ``DailyStatisticsStoring``),
    /// and each user's longest sample per type, which bounds how far back a read of a time window
    /// looks (``sampleStartBound``).
    ///
    /// The columns it shares with the local store's cache are ``SharedSchema/dailyStatisticsColumns``;
    /// shipped migrations never change.
    static func registerDailyStatistics(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("server-v7-daily-cache") { db in
            try db.execute(
                sql: """
                    CREATE TABLE daily_statistics (
                        user_id INTEGER NOT NULL REFERENCES users(id),
                        \(SharedSchema.dailyStatisticsColumns), parts BLOB,
                        PRIMARY KEY (user_id, type_id, variant, day_start, day_end)
                    ) WITHOUT ROWID;
                    CREATE INDEX daily_statistics_by_day ON daily_statistics(user_id, type_id, day_start);
                    CREATE TABLE daily_statistics_epochs (
                        user_id INTEGER PRIMARY KEY REFERENCES users(id),
                        value INTEGER NOT NULL
                    );
                    CREATE TABLE sample_durations (
                        user_id INTEGER NOT NULL REFERENCES users(id),
                        type_id INTEGER NOT NULL REFERENCES types(id),
                        longest REAL NOT NULL,
                        PRIMARY KEY (user_id, type_id)
                    ) WITHOUT ROWID;
                    INSERT INTO sample_durations (user_id, type_id, longest)
                        SELECT user_id, type_id, MAX("end" - start) FROM samples GROUP BY user_id, type_id;
                    """)
        }
    }

    package func storedDays(
        of user: ServerUser, type: SampleType, variant: String, starting starts: ClosedRange<Double>
    )
        async throws -> StoredDays
    {
        try await read { db in
            let epoch = try Self.dayEpoch(of: user.id, in: db)
            var days: [Double: DailyStatisticsRow] = [:]
            let statement = try db.cachedStatement(
                sql: """
                    SELECT \(DailyStatisticsRow.columns)
                    FROM daily_statistics d JOIN types t ON t.id = d.type_id
                    WHERE d.user_id = ? AND t.identifier = ? AND d.variant = ? AND d.day_start >= ? AND d.day_start <= ?
                    """)
            let cursor = try Row.fetchCursor(
                statement,
                arguments: [
                    user.id, type.identifier, variant, starts.lowerBound,
                    starts.upperBound,
                ])
            while let row = try cursor.next() {
                let day = DailyStatisticsRow(row: row)
                days[day.start] = day
            }
            return StoredDays(epoch: epoch, days: days)
        }
    }

    package func storeDays(
        _ days: [DailyStatisticsRow], of user: ServerUser, type: SampleType, variant: String,
        ifEpoch epoch: Int64
    ) async throws -> Bool {
        guard !days.isEmpty else { return true }
        return try await write { db in
            guard try Self.dayEpoch(of: user.id, in: db) == epoch,
                let typeID = try Self.typeIDs(for: [type.identifier], in: db)[type.identifier]
            else { return false }
            let statement = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO daily_statistics (user_id, type_id, variant, day_start, day_end, sample_count, sum,
                        average, minimum, maximum, most_recent, most_recent_start, most_recent_end, duration, parts)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for day in days {
                try statement.execute(arguments: [
                    user.id, typeID, variant, day.start, day.end, day.sampleCount, day.sum, day.average, day.minimum,
                    day.maximum, day.mostRecent, day.mostRecentStart, day.mostRecentEnd, day.duration,
                    day.parts.map(DailyStatisticsRow.encode),
                ])
            }
            return true
        }
    }

    package func storedDayCount(of user: ServerUser) async throws -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM daily_statistics WHERE user_id = ?", arguments: [user.id])
                ?? 0
        }
    }

    package func forgetStoredDays(of user: ServerUser) async throws {
        try await write { db in try Self.forgetDays(of: user.id, in: db) }
    }

    /// The lowest start a sample in a window can have, as SQL taking two arguments (the window's
    /// `startFrom`, then its `endFrom`) where `s` is the sample and `t` its type: no sample ending
    /// at or after `endFrom` starts before `endFrom` minus the longest sample of its type the user
    /// has, so the `(user_id, type_id, start)` index is read from there instead of from the user's
    /// first sample. Without a known longest sample the bound is `startFrom`.
    static let sampleStartBound = """
        MAX(?, ? - COALESCE((SELECT d.longest FROM sample_durations d WHERE d.user_id = s.user_id AND d.type_id = t.id), 1e308))
        """

    /// The user's epoch: 0 until the first write that changed samples.
    static func dayEpoch(of userID: Int64, in db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT value FROM daily_statistics_epochs WHERE user_id = ?"),
            arguments: [userID]) ?? 0
    }

    /// Deletes the user's days that samples written over these spans touch (per type row id)
    /// and advances the user's epoch; does nothing for no spans.
    static func invalidateDays(
        of userID: Int64, _ spans: [(typeID: Int64, lower: Double, upper: Double)],
        in db: Database
    ) throws {
        guard !spans.isEmpty else { return }
        let delete = try db.cachedStatement(
            sql: """
                DELETE FROM daily_statistics
                WHERE user_id = ? AND type_id = ? AND day_start >= ? AND day_start <= ? AND day_end >= ?
                """)
        for span in spans {
            try delete.execute(arguments: [
                userID, span.typeID, span.lower - DailyCachePlan.longestDay, span.upper,
                span.lower,
            ])
        }
        try advanceDayEpoch(of: userID, in: db)
    }

    /// Deletes every stored day of the user and advances the user's epoch.
    static func forgetDays(of userID: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM daily_statistics WHERE user_id = ?", arguments: [userID])
        try advanceDayEpoch(of: userID, in: db)
    }

    private static func advanceDayEpoch(of userID: Int64, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO daily_statistics_epochs (user_id, value) VALUES (?, 1)
                ON CONFLICT (user_id) DO UPDATE SET value = value + 1
                """
        ).execute(arguments: [userID])
    }
}
