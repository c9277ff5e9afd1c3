import Foundation
import VitalsCore

/// A reverse smart reminder: nudge about an activity in a daily time window on chosen
/// weekdays, unless the activity was already logged that day.
///
/// The window is wall-clock time in the user's calendar, `[start, end)` minutes after local
/// midnight, so 18:00-20:00 stays 18:00-20:00 across DST changes and time-zone moves.
public struct Reminder: Sendable, Hashable, Codable, Identifiable {
    /// What happened to one day's occurrence of a reminder.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Not delivered or cancelled yet.
        case pending
        /// Shown to the user.
        case delivered
        /// Withdrawn because the activity was logged that day.
        case cancelled
    }

    /// The reminder's identity.
    public var id: UUID
    /// What it reminds about; logging this activity cancels the day's reminder.
    public var activity: TrackedActivity
    /// First minute of the window after local midnight (0...1439).
    public var startMinute: Int
    /// First minute after the window (start+1...1440).
    public var endMinute: Int
    /// The weekdays it is scheduled on (never empty).
    public var weekdays: Set<Weekday>
    /// When it was created, to the second (so it survives storage exactly).
    public var createdAt: Date

    /// Creates a reminder; throws `.invalidValue` naming the field for an empty or inverted window
    /// or no weekdays.
    public init(
        id: UUID = UUID(), activity: TrackedActivity, startMinute: Int, endMinute: Int,
        weekdays: Set<Weekday> = Set(Weekday.allCases), createdAt: Date = Date()
    ) throws(VitalsError) {
        guard (0..<1440).contains(startMinute) else {
            throw VitalsError(
                .invalidValue, "the window must start between 00:00 and 23:59", at: InputLocation(field: "from"))
        }
        guard endMinute > startMinute, endMinute <= 1440 else {
            throw VitalsError(
                .invalidValue, "the window must end after it starts, at 24:00 at the latest",
                at: InputLocation(field: "to"))
        }
        guard !weekdays.isEmpty else {
            throw VitalsError(
                .invalidValue, "a reminder needs at least one day of the week", at: InputLocation(field: "days"))
        }
        self.id = id
        self.activity = activity
        self.startMinute = startMinute
        self.endMinute = endMinute
        self.weekdays = weekdays
        self.createdAt = Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down))
    }

    /// Parses a wall-clock time `HH:MM` (00:00...24:00) into minutes after midnight; throws naming `field`.
    public static func minute(parsing text: String, field: String) throws(VitalsError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...24).contains(hour), (0...59).contains(minute), hour * 60 + minute <= 1440
        {
            return hour * 60 + minute
        }
        throw VitalsError(
            .invalidValue, "'\(text)' is not a time of day (HH:MM, 00:00 to 24:00)",
            at: InputLocation(field: field))
    }

    /// `HH:MM` for minutes after midnight.
    public static func clockText(_ minute: Int) -> String {
        let hour = minute / 60, rest = minute % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// Whether the reminder is scheduled on `day`.
    public func isScheduled(on day: LocalDate) -> Bool { weekdays.contains(Weekday(of: day)) }

    /// The window on `day` as instants in `calendar` (wall-clock minutes, so DST days shift nothing).
    public func window(on day: LocalDate, in calendar: Calendar) -> DateRange {
        let midnight = day.start(in: calendar)
        func instant(_ minute: Int) -> Date {
            if minute >= 1440 { return day.adding(days: 1).start(in: calendar) }
            return calendar.date(bySettingHour: minute / 60, minute: minute % 60, second: 0, of: midnight) ?? midnight
        }
        return DateRange(clampingStart: instant(startMinute), end: instant(endMinute))
    }
}
