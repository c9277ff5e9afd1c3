import Foundation
import VitalsCore

/// Whose data one request shows: a reader, and the calendar whose days the pages are.
///
/// The one input every page reads through: a local `SQLiteHealthStore` (VitalsStore) (and its calendar)
/// for `vitals dashboard`, a server user's `ServerHealthReader` (and the user's zone) on the
/// server. Days are half-open `[00:00, next 00:00)` in ``calendar``'s zone, as `vitals stats`
/// and the API count them. ``records`` writes the Records page's forms, when the scope can.
public struct DashboardScope: Sendable {
    /// Samples, statistics, sources, workout routes and activity summaries.
    public var reader: any ActivityReader
    /// The user's calendar (Gregorian, their time zone).
    public var calendar: Calendar
    /// The signed-in session on a server (sign-out button, form tokens); `nil` for a local store.
    public var session: DashboardSession?

    /// Whose samples the Calendar's streak marks count, as `vitals streak` and `vitals calendar` do:
    /// by default only the app's own (and its extensions'); a page's `sources=all` counts every source.
    public var activitySources: SourceFilter
    /// Who saves the Records page's forms; `nil` shows every record read-only (no forms).
    public var records: (any DashboardRecordWriting)?
    /// The user's daily snapshots (a server's), shown on Today where no sample gives a figure; `nil` for none.
    public var snapshots: (any DailySnapshotReading)?
    /// The completed quests the Calendar marks (a server user's); `nil` for a local store, which has no quests.
    public var quests: (any QuestReading)?
    /// Counts changes to the data, so the pages of a day update as data arrives; `nil` leaves them as drawn.
    public var changes: (any ChangeCounter)?

    /// A scope reading `reader` in `calendar`, within `session` when on a server; streak marks
    /// count `activitySources` (by default the samples `vitals log` writes, as `vitals streak`
    /// counts them); `records` saves the Records forms, `snapshots` fills Today's gaps and the
    /// Calendar marks the quests `quests` reads as completed; `changes` lets the pages of a day update live.
    public init(
        reader: any ActivityReader, calendar: Calendar, session: DashboardSession? = nil,
        activitySources: SourceFilter = .app(bundleIdentifier: Source.vitals.bundleIdentifier),
        records: (any DashboardRecordWriting)? = nil, snapshots: (any DailySnapshotReading)? = nil,
        quests: (any QuestReading)? = nil, changes: (any ChangeCounter)? = nil
    ) {
        self.changes = changes
        self.records = records
        self.snapshots = snapshots
        self.quests = quests
        self.reader = reader
        self.calendar = calendar
        self.session = session
        self.activitySources = activitySources
    }

    /// A local store, in the store's own calendar; streak marks count the store's app's samples,
    /// and the Records page's forms write the store's own records. A SQLite store's pages of a day
    /// update as its change anchor moves.
    public init(store: some HealthStore & ActivityReader) {
        self.init(
            reader: store, calendar: store.calendar,
            activitySources: .app(bundleIdentifier: store.appSource.bundleIdentifier),
            records: LocalRecordWriter(store: store),
            changes: store as? any ChangeCounter)
    }
}
