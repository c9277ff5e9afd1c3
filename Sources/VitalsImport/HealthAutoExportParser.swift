public import Foundation
public import VitalsCore

/// Reads Health Auto Export's JSON (the iOS app's "REST API" export, format version 2) as
/// HealthKit samples.
///
/// The document is `{"data": {"metrics": [...], "workouts": [...]}}`. Each metric has a `name`
/// (`step_count`), `units` (`count`) and `data` items (`{"qty": 120, "date": "2024-01-01
/// 08:00:00 -0800", "source": "iPhone"}`); heart rate, blood pressure, blood glucose, insulin,
/// sleep and mindful minutes have their own item shapes. ``HealthAutoExportMetric`` lists what
/// each name becomes.
///
/// - One bad item never blocks the rest: an item that cannot be read (a wrong type, a bad date,
///   an impossible value) is left out and reported in ``HealthAutoExportBatch/skipped`` with
///   its exact JSON path (`data.metrics[3].data[17].qty`) and reason, its error in
///   ``HealthAutoExportBatch/unreadable``. A metric whose `name`, `units` or `data` is wrong is
///   left out whole. Only a document that is not JSON, not an object or has no `data` object
///   is refused. With ``strict`` the first unreadable item fails the whole document instead.
///   Errors are `VitalsError`s (`.invalidInput`, `.invalidUnit`, `.incompatibleUnit`,
///   `.invalidDate`, `.invalidValue`) located at the file and JSON path; messages never
///   contain health values.
/// - Timestamps may be in 24-hour or 12-hour form (`2024-09-21 7:57:00 am +1000`, see
///   `ISO8601.parse(_:twelveHourClock:)`).
/// - Well-formed parts Vitals does not import (unknown metrics, `apple_stand_hour`, workout
///   routes and time series, other data sections) are reported in
///   ``HealthAutoExportBatch/skipped``, never dropped silently.
/// - Every sample is validated and has a deterministic UUID (``HealthAutoExportDraft``), so a
///   document sent twice yields the same samples.
/// - Quantity items are instants at their `date`, or intervals when they give an `endDate`; the
///   items of a cumulative metric aggregated by the app are each the phone's total for a period
///   and become samples over it, marked as reported totals (``HealthAutoExportAggregation``).
public struct HealthAutoExportParser: Sendable {
    /// Whether the first item that cannot be read fails the whole document (all or nothing).
    public var strict: Bool
    /// How the app aggregated the document's values. Default: told from the items.
    public var aggregation: HealthAutoExportAggregation
    /// The user's calendar: a reported day (week, month, year) starting at one of its midnights
    /// ends at its next one, so a DST day is 23 or 25 hours. Nil: the item's own UTC offset.
    public var calendar: Calendar?
    /// When the document was received, kept with each reported total
    /// (``VitalsCore/ReportedTotal/receivedKey``); nil for none.
    public var receivedAt: Date?

    /// Creates a parser; lenient unless `strict`.
    public init(
        strict: Bool = false, aggregation: HealthAutoExportAggregation = .inferred, calendar: Calendar? = nil,
        receivedAt: Date? = nil
    ) {
        self.strict = strict
        self.aggregation = aggregation
        self.calendar = calendar
        self.receivedAt = receivedAt
    }

    /// Parses a whole HAE JSON document.
    ///
    /// - Parameters:
    ///   - data: the document's bytes (UTF-8 JSON).
    ///   - file: the name errors report (a path, or a label such as `request body`).
    public func parse(_ data: Data, file: String) throws(VitalsError) -> HealthAutoExportBatch {
        var cursor = HealthAutoExportCursor(data, file: file, parser: self)
        var samples: [Sample] = []
        while let chunk = try cursor.next(.max) { samples += chunk }
        var batch = cursor.report ?? HealthAutoExportBatch()
        batch.samples = samples
        return batch
    }
}
