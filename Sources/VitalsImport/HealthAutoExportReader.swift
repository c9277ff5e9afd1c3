import Foundation
import VitalsCore

/// The state of one parse: drafts of the item being read, the skip report, known sources and
/// workout ids; each finished item's samples go to ``sink`` at once.
///
/// Lenient (the default): an item that cannot be read (a metric's data item, a workout, an
/// entry of another section) is left out with its drafts, reported in ``skips`` with its JSON
/// path and kept in ``unreadable``, and the rest is read. Strict: the first such error is thrown.
/// Either way a document without a `data` object is refused whole.
///
/// The document is walked with a ``JSONStreamReader``: each metric's `data` items are read one
/// at a time from the bytes (``HealthAutoExportItems``), so memory holds one item and the
/// samples handed on, never the whole document's tree; the rest of `data` (workouts, other
/// sections) is small and read whole.
struct HealthAutoExportReader {
    /// The file name errors report.
    let file: String
    /// Whether the first unreadable item fails the parse.
    let strict: Bool
    /// Receives each validated sample with its UUID, in document order.
    let sink: (Sample) -> Void
    /// Drafts of the item being read (and of earlier items not yet finished).
    var drafts: [HealthAutoExportDraft] = []
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

    init(file: String, strict: Bool, sink: @escaping (Sample) -> Void) {
        self.file = file
        self.strict = strict
        self.sink = sink
    }

    /// The root reader of the document: dates may be in 12-hour form.
    private func root(_ members: [(key: String, value: JSONValue)]) -> JSONObjectReader {
        var root = JSONObjectReader(fields: JSONValue.Object(members), file: file)
        root.twelveHourClock = true
        return root
    }

    /// Reads the document at `stream`: `data.metrics` item by item, then the rest of `data`,
    /// reporting members of the root other than `data`.
    mutating func read(_ stream: inout JSONStreamReader) throws(VitalsError) {
        guard stream.nextKind == .object else {
            throw VitalsError(.invalidInput, "the document is not a JSON object", at: InputLocation(file: file))
        }
        try stream.enterObject()
        var others: [(key: String, value: JSONValue)] = []
        var sawData = false
        while let key = try stream.nextMember() {
            guard key == "data", stream.nextKind == .object else {
                if key == "data" {
                    // Not an object: the root reader names what it is.
                    _ = try root([(key, try stream.readValue())]).object("data")
                }
                others.append((key, .null))
                try stream.skipValue()
                continue
            }
            sawData = true
            try readData(&stream)
        }
        try stream.finish()
        if !sawData { _ = try root([]).object("data") }
        try finishDrafts()
        for key in root(others).fields.sortedKeys {
            skips.add(key, "not part of Health Auto Export's format")
        }
    }

    /// Reads the `data` object at `stream`: `metrics` as it comes, the other members once read whole.
    private mutating func readData(_ stream: inout JSONStreamReader) throws(VitalsError) {
        let empty = try root([("data", .object(JSONValue.Object()))]).object("data")
        var members: [(key: String, value: JSONValue)] = []
        try stream.enterObject()
        while let key = try stream.nextMember() {
            guard key == "metrics", stream.nextKind == .array else {
                members.append((key, try stream.readValue()))
                continue
            }
            members.removeAll { $0.key == "metrics" }
            try stream.enterArray()
            var index = 0
            while try stream.nextElement() {
                try readMetric(&stream, at: index, in: empty)
                index += 1
            }
        }
        try read(data: try root([("data", .object(JSONValue.Object(members)))]).object("data"))
    }

    /// Reads metric `index` at `stream`: its members but `data` read whole, then its `data`
    /// items one by one from the bytes (checked once first, so their count is known).
    private mutating func readMetric(
        _ stream: inout JSONStreamReader, at index: Int,
        in data: JSONObjectReader
    ) throws(VitalsError) {
        guard stream.nextKind == .object else {
            try readMetric(try stream.readValue(), at: index, in: data)
            return
        }
        var members: [(key: String, value: JSONValue)] = []
        var items: HealthAutoExportItems?
        try stream.enterObject()
        while let key = try stream.nextMember() {
            guard key == "data", stream.nextKind == .array else {
                if key == "data" { items = nil }
                members.append((key, try stream.readValue()))
                continue
            }
            let start = stream
            var count = 0
            try stream.enterArray()
            while try stream.nextElement() {
                try stream.skipValue()
                count += 1
            }
            items = HealthAutoExportItems(stream: start, count: count)
            members.append((key, .array([])))
        }
        try readMetric(.object(JSONValue.Object(members)), at: index, in: data, items: items)
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
