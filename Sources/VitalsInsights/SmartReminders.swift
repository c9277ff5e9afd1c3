import Foundation
import VitalsCore

/// Reverse smart reminders: a reminder nudges only while its activity is not done, so
/// logging the activity cancels that day's pending reminders for it.
public struct SmartReminders: Sendable {
    /// Delivers and cancels.
    public let scheduler: any ReminderScheduler
    /// Days are local days of this calendar (the user's zone).
    public let calendar: Calendar
    /// The clock deciding what "today" is.
    public let now: @Sendable () -> Date

    /// Creates the rules over a scheduler.
    public init(scheduler: any ReminderScheduler, calendar: Calendar, now: @escaping @Sendable () -> Date = { Date() })
    {
        self.scheduler = scheduler
        self.calendar = calendar
        self.now = now
    }

    /// Cancels today's pending reminders for `activity` after it was completed at `completedAt`;
    /// returns the cancelled occurrences.
    ///
    /// Only today's occurrences of reminders for that activity are touched: other activities keep
    /// theirs, and logging a session for another day (a backfill) cancels nothing, since it says
    /// nothing about today.
    @discardableResult
    public func cancelMatchingReminders(
        for activity: TrackedActivity, completedAt: Date
    ) async throws
        -> [ReminderOccurrence]
    {
        let today = LocalDate(containing: now(), in: calendar)
        guard LocalDate(containing: completedAt, in: calendar) == today else { return [] }
        let matching = try await scheduler.occurrences(on: today)
            .filter { $0.reminder.activity == activity && $0.status == .pending }
        guard !matching.isEmpty else { return [] }
        return try await scheduler.cancel(matching)
    }

    /// Adds a reminder.
    public func add(_ reminder: Reminder) async throws {
        try await scheduler.schedule(reminder)
    }

    /// The occurrences on the day of `date`.
    public func occurrences(on date: Date) async throws -> [ReminderOccurrence] {
        try await scheduler.occurrences(on: LocalDate(containing: date, in: calendar))
    }

    /// Pending occurrences whose window holds `date`.
    public func due(at date: Date) async throws -> [ReminderOccurrence] {
        try await occurrences(on: date).filter { $0.isDue(at: date) }
    }

    /// Delivers what is due at `date`; returns what was delivered.
    public func deliverDue(at date: Date) async throws -> [ReminderOccurrence] {
        try await scheduler.deliver(try await due(at: date))
    }
}
