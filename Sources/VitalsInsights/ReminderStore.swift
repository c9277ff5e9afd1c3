import Foundation
import VitalsCore

/// Persists the reverse smart reminders and what happened to each day's occurrence.
///
/// `SQLiteReminderStore` (VitalsStore) keeps them in the SQLite health store's own file rather than in a
/// second database: one file to back up, sync and delete, and a logged activity and the reminder
/// it cancels are in the same place. The tables hold no health values, only the reminder's
/// settings, so they are not part of anchored change queries.
/// A day's occurrence is `pending` until it is marked `delivered` or `cancelled`; the first mark
/// wins, so a reminder already shown is never reported as cancelled and vice versa.
public protocol ReminderStore: Sendable {
    /// Saves a new reminder; throws `.duplicate` when its id is already stored.
    func addReminder(_ reminder: Reminder) async throws

    /// Every reminder, in the order they were added.
    func reminders() async throws -> [Reminder]

    /// Deletes a reminder and its history; returns whether it existed.
    func removeReminder(id: UUID) async throws -> Bool

    /// The recorded status of each reminder on `day` (reminders missing from the answer are pending).
    func reminderStatuses(on day: LocalDate) async throws -> [UUID: Reminder.Status]

    /// Marks the given reminders' occurrences on `day` (only those still pending) and returns the
    /// ids that changed.
    func markReminders(
        _ ids: [UUID], on day: LocalDate, as status: Reminder.Status, at date: Date
    ) async throws -> [UUID]
}
