public import Foundation
import VitalsCore
public import VitalsInsights

extension ActivityLogger {
    /// A logger whose reminders live in the SQLite store's file (``SQLiteReminderStore``).
    public init(store: SQLiteHealthStore, now: @escaping @Sendable () -> Date = { Date() }) throws {
        let calendar = store.configuration.calendar
        let scheduler = StoreReminderScheduler(store: try SQLiteReminderStore(store), calendar: calendar, now: now)
        self.init(store: store, reminders: SmartReminders(scheduler: scheduler, calendar: calendar, now: now))
    }
}
