import Foundation
import VitalsCore
import VitalsStore

/// Whose data one request shows: a reader, and the calendar whose days the pages are.
///
/// The one input every page reads through: a local ``SQLiteHealthStore`` (and its calendar)
/// for `vitals dashboard`, a server user's `ServerHealthReader` (and the user's zone) on the
/// server. Days are half-open `[00:00, next 00:00)` in ``calendar``'s zone, as `vitals stats`
/// and the API count them.
public struct DashboardScope: Sendable {
    /// Samples, statistics, sources, workout routes and activity summaries.
    public var reader: any ActivityReader
    /// The user's calendar (Gregorian, their time zone).
    public var calendar: Calendar
    /// The signed-in session on a server (sign-out button, form tokens); `nil` for a local store.
    public var session: DashboardSession?

    /// A scope reading `reader` in `calendar`, within `session` when on a server.
    public init(reader: any ActivityReader, calendar: Calendar, session: DashboardSession? = nil) {
        self.reader = reader
        self.calendar = calendar
        self.session = session
    }

    /// A local store, in the store's own calendar.
    public init(store: some HealthStore & ActivityReader) {
        self.init(reader: store, calendar: store.calendar)
    }
}
