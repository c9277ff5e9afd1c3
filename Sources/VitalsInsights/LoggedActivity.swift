import Foundation
import VitalsCore

/// What ``ActivityLogger`` did: the saved sample and the reminders its logging cancelled.
public struct LoggedActivity: Sendable {
    /// The sample saved to the store.
    public var sample: Sample
    /// Today's reminders for the activity that were cancelled.
    public var cancelledReminders: [ReminderOccurrence]
    /// Set when the sample was saved but cancelling reminders failed (they may still fire).
    public var reminderFailure: VitalsError?
}
