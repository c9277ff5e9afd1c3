import Foundation
import VitalsCore

/// Delivers and cancels reminder occurrences.
///
/// ``StoreReminderScheduler`` records deliveries and cancellations in the store (the CLI uses it);
/// an Apple adapter will schedule local notifications (one request per reminder and day) and
/// cancel them by identifier.
public protocol ReminderScheduler: Sendable {
    /// Registers a new reminder (and plans its notifications).
    func schedule(_ reminder: Reminder) async throws

    /// Every reminder.
    func reminders() async throws -> [Reminder]

    /// The occurrences on `day`: one per reminder scheduled that weekday, with its status.
    func occurrences(on day: LocalDate) async throws -> [ReminderOccurrence]

    /// Delivers pending occurrences (shows them); returns those delivered.
    func deliver(_ occurrences: [ReminderOccurrence]) async throws -> [ReminderOccurrence]

    /// Cancels pending occurrences; returns those cancelled (already delivered ones stay delivered).
    func cancel(_ occurrences: [ReminderOccurrence]) async throws -> [ReminderOccurrence]
}
