public import Foundation
import GRDB
public import VitalsCore
public import VitalsInsights

/// Reminders in the SQLite health store's file, in tables of their own beside the samples.
///
/// The tables are this module's: their migration (`v4-reminders`, the name it had when the store
/// created them, so files made then are not migrated again) runs when the reminder store is
/// made, on the health store's own connection (``SQLiteHealthStore/database``).
public struct SQLiteReminderStore: ReminderStore {
    /// The tables.
    private let tables: SQLiteTableAccess

    /// The reminders of `store`'s file; creates their tables when the file has none yet.
    public init(_ store: SQLiteHealthStore) throws {
        tables = try SQLiteTableAccess(store, subject: "the reminders", migrator: Self.migrator)
    }

    /// The migrations of these tables in the store's file, oldest first.
    public static var schemaMigrations: [String] { migrator.migrations }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v4-reminders") { db in
            // The definitions, and one row per reminder and local day once that day's occurrence
            // was delivered or cancelled.
            try db.execute(
                sql: """
                    CREATE TABLE reminders (
                        position INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        activity TEXT NOT NULL,
                        start_minute INTEGER NOT NULL,
                        end_minute INTEGER NOT NULL,
                        weekdays INTEGER NOT NULL,
                        created REAL NOT NULL
                    );
                    CREATE TABLE reminder_days (
                        reminder_id TEXT NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
                        day TEXT NOT NULL,
                        status TEXT NOT NULL,
                        changed REAL NOT NULL,
                        PRIMARY KEY (reminder_id, day)
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    public func addReminder(_ reminder: Reminder) async throws {
        let mask = reminder.weekdays.reduce(0) { $0 | (1 << ($1.rawValue - 1)) }
        try await tables.write { db in
            let exists =
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM reminders WHERE id = ?",
                    arguments: [reminder.id.uuidString]) ?? false
            guard !exists else {
                throw VitalsError(.duplicate, "a reminder with this id already exists", at: InputLocation(field: "id"))
            }
            try db.execute(
                sql: """
                    INSERT INTO reminders (id, activity, start_minute, end_minute, weekdays, created)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    reminder.id.uuidString, reminder.activity.rawValue, reminder.startMinute,
                    reminder.endMinute, mask, reminder.createdAt.timeIntervalSince1970,
                ])
        }
    }

    public func reminders() async throws -> [Reminder] {
        try await tables.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, activity, start_minute, end_minute, weekdays, created FROM reminders ORDER BY position
                    """
            ).map { row in
                let mask: Int = row[4]
                guard let id = UUID(uuidString: row[0]), let activity = TrackedActivity(rawValue: row[1]) else {
                    throw VitalsError(
                        .database, "a stored reminder is unreadable", at: InputLocation(field: "reminders"))
                }
                return try Reminder(
                    id: id, activity: activity, startMinute: row[2], endMinute: row[3],
                    weekdays: Set(Weekday.allCases.filter { mask & (1 << ($0.rawValue - 1)) != 0 }),
                    createdAt: Date(timeIntervalSince1970: row[5]))
            }
        }
    }

    public func removeReminder(id: UUID) async throws -> Bool {
        try await tables.write { db in
            try db.execute(sql: "DELETE FROM reminders WHERE id = ?", arguments: [id.uuidString])
            return db.changesCount > 0
        }
    }

    public func reminderStatuses(on day: LocalDate) async throws -> [UUID: Reminder.Status] {
        try await tables.read { db in
            var statuses: [UUID: Reminder.Status] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT reminder_id, status FROM reminder_days WHERE day = ?",
                arguments: [day.description])
            {
                if let id = UUID(uuidString: row[0]), let status = Reminder.Status(rawValue: row[1]) {
                    statuses[id] = status
                }
            }
            return statuses
        }
    }

    public func markReminders(
        _ ids: [UUID], on day: LocalDate, as status: Reminder.Status,
        at date: Date
    ) async throws -> [UUID] {
        guard status != .pending else {
            throw VitalsError(
                .invalidValue, "an occurrence can only be marked delivered or cancelled",
                at: InputLocation(field: "status"))
        }
        return try await tables.write { db in
            var changed: [UUID] = []
            for id in ids {
                // Only reminders that exist, and only the first mark of the day.
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO reminder_days (reminder_id, day, status, changed)
                        SELECT id, ?, ?, ? FROM reminders WHERE id = ?
                        """, arguments: [day.description, status.rawValue, date.timeIntervalSince1970, id.uuidString])
                if db.changesCount > 0 { changed.append(id) }
            }
            return changed
        }
    }
}
