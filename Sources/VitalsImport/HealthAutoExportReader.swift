import Foundation
import VitalsCore

/// The state of one parse: drafts of the item being read, the skip report, known sources and
/// workout ids; each finished item's samples wait in ``pending`` until taken.
///
/// Lenient (the default): an item that cannot be read (a metric's data item, a workout, an
/// entry of another section) is left out with its drafts, reported in ``skips`` with its JSON
/// path and kept in ``unreadable``, and the rest is read. Strict: the first such error is thrown.
/// Either way a document without a `data` object is refused whole.
///
/// The document is outlined one metric ahead of the reading (``outline(_:_:)``: its syntax
/// checked, each metric's `data` items located but not read), and each metric's items are read one at a time from
/// the bytes (``HealthAutoExportItems``), a window at a time (``HealthAutoExportCursor``), so
/// memory holds one item and the samples not yet taken, never the whole document's tree; the rest
/// of `data` (workouts, other sections) is small and read whole.
struct HealthAutoExportReader: Sendable {
    /// The file name errors report.
    let file: String
    /// Whether the first unreadable item fails the parse.
    let strict: Bool
    /// Validated samples with their UUIDs, in document order, not yet taken.
    var pending: [Sample] = []
    /// Drafts of the item being read (and of earlier items not yet finished).
    var drafts: [HealthAutoExportDraft] = []
    /// Writes the drafts' identity keys.
    var keys = HealthAutoExportKeyWriter()
    /// How often each identity was seen, by the last 64 bits of the UUID of its first
    /// occurrence (for `|#n`; the UUID is a hash, so 64 of its bits tell a million apart).
    var seen: [UInt64: Int32] = [:]
    /// What was left out.
    var skips = HealthAutoExportSkipList()
    /// The errors of items left out because they could not be read.
    var unreadable: [VitalsError] = []
    /// Sources by the name the app sent.
    var sources = HealthAutoExportSourceCache()
    /// Workout ids already read, to keep a repeated workout once.
    var workoutIDs: Set<String> = []
    /// Metric names by their index in `data.metrics`, to name validation failures.
    var metricNames: [Int: String] = [:]
    /// How the app aggregated the values (``HealthAutoExportParser/aggregation``).
    var aggregation = HealthAutoExportAggregation.inferred
    /// The user's calendar, for the ends of reported days (``HealthAutoExportParser/calendar``).
    var calendar: Calendar?
    /// When the document was received (``HealthAutoExportParser/receivedAt``).
    var receivedAt: Date?
    /// The aggregation told from each streamed metric's first items, by the byte offset of its
    /// `data` array (``totalsInterval(of:)``).
    var inferredIntervals: [Int: HealthAutoExportAggregation.Interval?] = [:]
    /// Where the last window of streamed items ended: the next item's index and the reader's
    /// position after the item before it; nil when no window was read (a metric left out whole).
    var windowEnd: (index: Int, position: JSONStreamReader.Position)?

    init(file: String, strict: Bool) {
        self.file = file
        self.strict = strict
    }

    /// The root reader of the document: dates may be in 12-hour form.
    func root(_ members: [(key: String, value: JSONValue)]) -> JSONObjectReader {
        var root = JSONObjectReader(fields: JSONValue.Object(members), file: file)
        root.twelveHourClock = true
        return root
    }

    /// Reads `data` but its streamed metrics: metrics given whole, `workouts`, the sections
    /// HealthKit has types for, and reports everything else.
    mutating func read(data: JSONObjectReader) throws(VitalsError) {
        let mark = try startItem()
        do throws(VitalsError) {
            if let metrics = try data.optionalArray("metrics") {
                for (index, item) in metrics.enumerated() {
                    try readMetric(item, at: index, in: data)
                }
            }
        } catch {
            try unreadable("data.metrics", error, since: mark)
        }
        do throws(VitalsError) {
            if let workouts = try data.optionalArray("workouts") {
                for (index, item) in workouts.enumerated() {
                    let mark = try startItem()
                    do throws(VitalsError) {
                        try readWorkout(try data.element(item, of: "workouts", at: index).anchored)
                    } catch {
                        try unreadable("workouts", error, since: mark)
                    }
                }
            }
        } catch {
            try unreadable("workouts", error, since: drafts.count)
        }
        for key in data.fields.sortedKeys where key != "metrics" && key != "workouts" && data.has(key) {
            if try readSection(key, of: data) { continue }
            var count = 1
            if case .array(let elements)? = data.value(key) { count = elements.count }
            let reason = HealthAutoExportMetric.otherSections[key] ?? "not part of Health Auto Export's format"
            skips.add("data.\(key)", reason, count: count)
        }
    }

    /// Starts reading an item: the drafts of the items before it are finished and handed on;
    /// returns the mark ``unreadable(_:_:since:count:)`` takes back to.
    mutating func startItem() throws(VitalsError) -> Int {
        try finishDrafts()
        return drafts.count
    }

    /// Reads each of metric `name`'s `data` items with `read`; an item that cannot be read is
    /// left out alone and reported (``unreadable(_:_:since:count:)``).
    ///
    /// Always inlined: called through the closure, a 90-day backfill imported about 2% slower
    /// than with the loops written out; inlined, as fast (release, side by side).
    @inline(__always)
    mutating func forEachItem(
        of metric: JSONObjectReader, name: String, _ items: HealthAutoExportItems,
        _ read: (inout Self, JSONObjectReader) throws(VitalsError) -> Void
    ) throws(VitalsError) {
        var items = items
        while let (index, raw) = try items.next() {
            let mark = try startItem()
            do throws(VitalsError) {
                try read(&self, try metric.element(raw, of: "data", at: index))
            } catch {
                try unreadable(name, error, since: mark)
            }
        }
        if let position = items.position { windowEnd = (items.index, position) }
    }

    /// Leaves out what was read since draft `mark` and reports `error` under `name`, counting
    /// `count` data items lost; in strict mode throws `error` instead.
    mutating func unreadable(_ name: String, _ error: VitalsError, since mark: Int, count: Int = 1) throws(VitalsError)
    {
        if strict { throw error }
        drafts.removeSubrange(min(mark, drafts.count)...)
        unreadable.append(error)
        skips.unreadable(name, error, count: count)
    }

    /// The report name of the item at document path `path`: its metric's name for
    /// `data.metrics[i]...`, `workouts` for workouts, else the section (`data.symptoms`).
    func name(ofItemAt path: String) -> String {
        if path.hasPrefix("data.metrics["), let close = path.firstIndex(of: "]") {
            let digits = path[path.index(path.startIndex, offsetBy: 13)..<close]
            if let index = Int(digits), let name = metricNames[index] { return name }
            return "data.metrics"
        }
        if path.hasPrefix("data.workouts") { return "workouts" }
        let section = path.prefix { $0 != "[" }
        return section.isEmpty ? "data" : String(section)
    }

    /// The longest span one item may give as a length (a mindful session's `qty`, a night's
    /// hours): longer is not one sample, and would put the end past what dates and keys hold.
    static let maximumLength: TimeInterval = 366 * 86_400

    /// `seconds`, a span item `item` gives as a length in member `key`; `.invalidValue` at
    /// `key` when it is longer than ``maximumLength`` (the message never quotes the value).
    func length(_ seconds: Double, of item: JSONObjectReader, at key: String) throws(VitalsError) -> TimeInterval {
        guard seconds <= Self.maximumLength else {
            throw item.error(.invalidValue, "the length is more than 366 days", at: key)
        }
        return seconds
    }

    /// The start of an item: its `date`, or `startDate` for items that give a period.
    func startDate(of item: JSONObjectReader) throws(VitalsError) -> (date: Date, key: String) {
        if !item.has("date"), let start = try item.optionalDate("startDate") { return (start, "startDate") }
        return (try item.date("date"), "date")
    }

    /// The end of an item that may give one (`endDate`, or `end`), else nil.
    func endDate(of item: JSONObjectReader) throws(VitalsError) -> (date: Date, key: String)? {
        if let end = try item.optionalDate("endDate") { return (end, "endDate") }
        if let end = try item.optionalDate("end") { return (end, "end") }
        return nil
    }
}
