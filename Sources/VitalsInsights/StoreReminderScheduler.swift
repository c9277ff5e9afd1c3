import Foundation
import VitalsCore

/// A ``ReminderScheduler`` that keeps reminders and each day's delivered or cancelled state in a
/// ``ReminderStore`` (the SQLite health store's file); "delivering" records the delivery.
public struct StoreReminderScheduler: ReminderScheduler {
    /// Where reminders are kept.
    public let store: any ReminderStore
    /// Days and windows are in this calendar (the user's zone).
    public let calendar: Calendar
    /// The clock that stamps deliveries and cancellations.
    public let now: @Sendable () -> Date

    /// Creates a scheduler over `store`.
    public init(store: any ReminderStore, calendar: Calendar, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.calendar = calendar
        self.now = now
    }

    public func schedule(_ reminder: Reminder) async throws {
        try await store.addReminder(reminder)
    }

    public func reminders() async throws -> [Reminder] {
        try await store.reminders()
    }

    public func occurrences(on day: LocalDate) async throws -> [ReminderOccurrence] {
        let statuses = try await store.reminderStatuses(on: day)
        return try await store.reminders().filter { $0.isScheduled(on: day) }.map { reminder in
            ReminderOccurrence(
                reminder: reminder, day: day, window: reminder.window(on: day, in: calendar),
                status: statuses[reminder.id] ?? .pending)
        }
    }

    public func deliver(_ occurrences: [ReminderOccurrence]) async throws -> [ReminderOccurrence] {
        try await mark(occurrences, as: .delivered)
    }

    public func cancel(_ occurrences: [ReminderOccurrence]) async throws -> [ReminderOccurrence] {
        try await mark(occurrences, as: .cancelled)
    }

    /// Marks the pending ones, keeping their order; returns those this call changed.
    private func mark(
        _ occurrences: [ReminderOccurrence], as status: Reminder.Status
    ) async throws
        -> [ReminderOccurrence]
    {
        let pending = occurrences.filter { $0.status == .pending }
        var changed: Set<String> = []
        for (day, group) in Dictionary(grouping: pending, by: \.day) {
            for id in try await store.markReminders(group.map(\.reminder.id), on: day, as: status, at: now()) {
                changed.insert("\(id.uuidString) \(day)")
            }
        }
        return pending.filter { changed.contains("\($0.reminder.id.uuidString) \($0.day)") }.map { occurrence in
            var marked = occurrence
            marked.status = status
            return marked
        }
    }
}
