import Foundation
import VitalsCore

/// One day's occurrence of a reminder: its window that day and whether it is still pending.
public struct ReminderOccurrence: Sendable, Hashable {
    /// The reminder.
    public var reminder: Reminder
    /// The local day.
    public var day: LocalDate
    /// The reminder's window that day, in the user's zone.
    public var window: DateRange
    /// Pending, delivered or cancelled.
    public var status: Reminder.Status

    /// Creates an occurrence.
    public init(reminder: Reminder, day: LocalDate, window: DateRange, status: Reminder.Status) {
        self.reminder = reminder
        self.day = day
        self.window = window
        self.status = status
    }

    /// Whether it is pending and its window holds `date`.
    public func isDue(at date: Date) -> Bool { status == .pending && window.contains(date) }
}
