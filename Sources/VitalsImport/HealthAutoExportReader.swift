import Foundation
import VitalsCore

/// The state of one parse: drafts so far, the skip report, known sources and workout ids.
///
/// Lenient (the default): an item that cannot be read (a metric's data item, a workout, an
/// entry of another section) is left out with its drafts, reported in ``skips`` with its JSON
/// path and kept in ``unreadable``, and the rest is read. Strict: the first such error is thrown.
/// Either way a document without a `data` object is refused whole.
struct HealthAutoExportReader {
    /// The file name errors report.
    let file: String
    /// Whether the first unreadable item fails the parse.
    let strict: Bool
    /// Samples read so far, in document order.
    var drafts: [HealthAutoExportDraft] = []
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

    init(file: String, strict: Bool) {
        self.file = file
        self.strict = strict
    }

    /// Reads the root object: `data.metrics`, `data.workouts`, the sections HealthKit has types
    /// for, and reports everything else.
    mutating func read(_ root: JSONObjectReader) throws(VitalsError) {
        let data = try root.object("data")
        let mark = drafts.count
        do throws(VitalsError) {
            if let metrics = try data.optionalArray("metrics") {
                drafts.reserveCapacity(metrics.count * 16)
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
                    let mark = drafts.count
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
        for key in root.fields.sortedKeys where key != "data" {
            skips.add(key, "not part of Health Auto Export's format")
        }
    }

    /// Leaves out what was read since draft `mark` and reports `error` under `name`, counting
    /// `count` data items lost; in strict mode throws `error` instead.
    mutating func unreadable(_ name: String, _ error: VitalsError, since mark: Int, count: Int = 1) throws(VitalsError) {
        if strict { throw error }
        drafts.removeSubrange(mark...)
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
