import Foundation
import GRDB
import VitalsCore

/// The `daily_statistics` table: merged statistics of whole days, kept exactly right by invalidation.
///
/// A row holds what one day bucket's `Statistics` needs, for one type, one day given by its
/// start and end instants (so a day in Berlin and a day in New York are different rows, and a
/// DST day is 23 or 25 hours), and one variant (the category values and source filter that
/// count). Every option of the type's family is stored at once (sum; average, minimum,
/// maximum and most recent; or duration), so any subset of them reads the same row.
///
/// Invalidation happens in the transaction of the write that makes a row wrong:
/// - inserted samples: ``SampleWriter`` deletes the rows of every day their `[start, end]`
///   touches when it finishes (bulk imports included), see ``invalidate(_:)``;
/// - deleted or updated samples: triggers delete the rows of the days they touched;
/// - a change of a type's source priority: a trigger deletes that type's rows;
/// - a source's name, bundle identifier or watch/phone flag changing (which reorders the
///   default priority of every type): a trigger deletes every row.
///
/// Each of these also advances `daily_statistics_epoch`, so days computed in a read that a
/// write overtook are not stored (``store(_:variant:typeID:ifEpoch:)``).
struct DailyStatisticsCache {
    let db: Database

    init(_ db: Database) { self.db = db }

    /// The migration that creates the table, its epoch and the invalidation triggers.
    ///
    /// Written out literally, as shipped migrations must never change: 97200 is
    /// ``DailyCachePlan/longestDay`` (27 hours) as it was when this migration shipped.
    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-daily-statistics") { db in
            try db.execute(
                sql: """
                    CREATE TABLE daily_statistics (
                        \(SharedSchema.dailyStatisticsColumns),
                        PRIMARY KEY (type_id, variant, day_start, day_end)
                    ) WITHOUT ROWID;
                    CREATE INDEX daily_statistics_by_day ON daily_statistics(type_id, day_start);
                    CREATE TABLE daily_statistics_epoch (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                    INSERT INTO daily_statistics_epoch (id, value) VALUES (1, 0);
                    CREATE TRIGGER daily_statistics_sample_deleted AFTER DELETE ON samples BEGIN
                        DELETE FROM daily_statistics WHERE type_id = OLD.type_id
                            AND day_start >= OLD.start - 97200 AND day_start <= OLD."end" AND day_end >= OLD.start;
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    CREATE TRIGGER daily_statistics_sample_updated
                    AFTER UPDATE OF type_id, start, "end", value, source_id ON samples BEGIN
                        DELETE FROM daily_statistics WHERE type_id = OLD.type_id
                            AND day_start >= OLD.start - 97200 AND day_start <= OLD."end" AND day_end >= OLD.start;
                        DELETE FROM daily_statistics WHERE type_id = NEW.type_id
                            AND day_start >= NEW.start - 97200 AND day_start <= NEW."end" AND day_end >= NEW.start;
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    CREATE TRIGGER daily_statistics_priority_added AFTER INSERT ON source_priorities BEGIN
                        DELETE FROM daily_statistics WHERE type_id = NEW.type_id;
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    CREATE TRIGGER daily_statistics_priority_removed AFTER DELETE ON source_priorities BEGIN
                        DELETE FROM daily_statistics WHERE type_id = OLD.type_id;
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    CREATE TRIGGER daily_statistics_priority_changed AFTER UPDATE ON source_priorities BEGIN
                        DELETE FROM daily_statistics WHERE type_id IN (OLD.type_id, NEW.type_id);
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    CREATE TRIGGER daily_statistics_source_changed AFTER UPDATE ON sources
                    WHEN OLD.name IS NOT NEW.name OR OLD.bundle_identifier IS NOT NEW.bundle_identifier
                        OR OLD.is_watch IS NOT NEW.is_watch OR OLD.is_phone IS NOT NEW.is_phone BEGIN
                        DELETE FROM daily_statistics;
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    CREATE TRIGGER daily_statistics_source_removed AFTER DELETE ON sources BEGIN
                        DELETE FROM daily_statistics;
                        UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1;
                    END;
                    """)
        }
        // Discrete types' rows also keep what combining days into weeks and years needs
        // (``DiscreteParts``); rows stored before have none and are recomputed when asked for it.
        migrator.registerMigration("v9-daily-discrete-parts") { db in
            try db.execute(sql: "ALTER TABLE daily_statistics ADD COLUMN parts BLOB")
        }
    }

    /// The invalidation counter: advanced by every write that deletes (or could have deleted) rows.
    func epoch() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM daily_statistics_epoch WHERE id = 1") ?? 0
    }

    /// The stored days of `typeID` and `variant` starting in `[lower, upper]`, by start instant.
    func rows(
        typeID: Int64, variant: String, startingFrom lower: Double, through upper: Double
    ) throws
        -> [Double: DailyStatisticsRow]
    {
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(DailyStatisticsRow.columns)
                FROM daily_statistics WHERE type_id = ? AND variant = ? AND day_start >= ? AND day_start <= ?
                """)
        statement.arguments = [typeID, variant, lower, upper]
        var found: [Double: DailyStatisticsRow] = [:]
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            let day = DailyStatisticsRow(row: row)
            found[day.start] = day
        }
        return found
    }

    /// Stores computed days unless a write advanced the epoch since `epoch` was read (their
    /// samples may have changed since). Returns whether they were stored.
    @discardableResult
    func store(_ days: [DailyStatisticsRow], variant: String, typeID: Int64, ifEpoch epoch: Int64) throws -> Bool {
        guard try self.epoch() == epoch else { return false }
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO daily_statistics (type_id, variant, day_start, day_end, sample_count, sum, average,
                    minimum, maximum, most_recent, most_recent_start, most_recent_end, duration, parts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for day in days {
            try statement.execute(arguments: [
                typeID, variant, day.start, day.end, day.sampleCount, day.sum, day.average, day.minimum, day.maximum,
                day.mostRecent, day.mostRecentStart, day.mostRecentEnd, day.duration,
                day.parts.map(DailyStatisticsRow.encode),
            ])
        }
        return true
    }

    /// Deletes the days that samples written over these `[lower, upper]` spans touch, per type
    /// row id, and advances the epoch; does nothing for no spans.
    func invalidate(_ spans: [(typeID: Int64, lower: Double, upper: Double)]) throws {
        guard !spans.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                DELETE FROM daily_statistics
                WHERE type_id = ? AND day_start >= ? AND day_start <= ? AND day_end >= ?
                """)
        for span in spans {
            try statement.execute(arguments: [
                span.typeID, span.lower - DailyCachePlan.longestDay, span.upper, span.lower,
            ])
        }
        try db.execute(sql: "UPDATE daily_statistics_epoch SET value = value + 1 WHERE id = 1")
    }
}
