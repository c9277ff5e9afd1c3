import Foundation
import VitalsCore

/// What importing an Apple Health export into a server user did (``HealthService/importExport(at:for:options:)``).
///
/// Counts, element names and reasons only, never a health value.
public struct ExportImportReport: Sendable, Codable, Hashable {
    /// The path imported; for an upload (`POST /api/me/imports`), `export.zip` or `export.xml`
    /// rather than the file's path on the server.
    public var file: String
    /// Bytes of XML read.
    public var bytes: Int64 = 0
    /// The export's own date, if it has one.
    public var exportDate: Date?
    /// Quantity and category samples read (correlation members included) that the server keeps.
    public var samplesRead = 0
    /// Samples new to the user (revisions are counted in ``samplesRevised``).
    public var samplesAdded = 0
    /// Samples the user had already (an earlier import of the same export, or a correlation
    /// member also at top level).
    public var samplesAlreadyPresent = 0
    /// Samples not stored because the user has the same measurement under another UUID (sent
    /// by Health Auto Export; see the arrival rule, ``VitalsCore/ArrivalRule``).
    public var samplesResent = 0
    /// Samples stored as the new value of a measurement the user had with another value (sent
    /// by Health Auto Export), which they replaced; not counted in ``samplesAdded``.
    public var samplesRevised = 0
    public var workoutsRead = 0
    public var workoutsAdded = 0
    public var workoutsAlreadyPresent = 0
    /// Elements that could not be read, by reason (`"Record: value is not a number": 3`), as `vitals import` reports them.
    public var skipped: [String: Int] = [:]
    /// Workouts stored whole (statistics per type, events, activities, metadata) new to the user.
    public var workoutSamplesAdded = 0
    /// Route points stored: the routes of workouts new to the user (an import again adds none).
    public var routePoints = 0
    /// Routes whose GPX file the export names but does not contain.
    public var missingRouteFiles = 0
    /// Activity summaries read; each day's is kept, replacing what an earlier import kept of it.
    public var activitySummaries = 0
    /// Days whose activity summary was new to the user or changed.
    public var activitySummariesWritten = 0
    /// Characteristics of the export's `Me` element (date of birth, biological sex...): they
    /// replace the user's; 0 when the export has none (the user's stay).
    public var characteristics = 0
    /// Elements read that the server does not keep, by name: samples of types statistics cannot
    /// count (`Record`).
    public var notKept: [String: Int] = [:]
    /// Top-level elements Vitals does not read (ClinicalRecord, Audiogram...), by name.
    public var unknownElements: [String: Int] = [:]
    /// Days whose HEALTHKIT snapshot was recomputed (days whose samples feed no metric are left out).
    public var daysRecomputed = 0
    /// The first and last day the export's samples and workouts lie in.
    public var firstDay: LocalDate?
    public var lastDay: LocalDate?
    /// Quests completed by the imported days (a quest counts only from the day it was created).
    public var questsCompleted = 0
    /// Wall time of the import.
    public var seconds = 0.0

    public init(file: String) { self.file = file }

    /// Total elements skipped.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
