import Foundation
import VitalsCore

/// The state of one parse: drafts so far, the skip report, known sources and workout ids.
struct HealthAutoExportReader {
    /// The file name errors report.
    let file: String
    /// Samples read so far, in document order.
    var drafts: [HealthAutoExportDraft] = []
    /// What was left out.
    var skips = HealthAutoExportSkipList()
    /// Sources by the name the app sent.
    var sources = HealthAutoExportSourceCache()
    /// Workout ids already read, to keep a repeated workout once.
    var workoutIDs: Set<String> = []

    init(file: String) { self.file = file }

    /// Reads the root object: `data.metrics`, `data.workouts`, and reports everything else.
    mutating func read(_ root: JSONObjectReader) throws(VitalsError) {
        let data = try root.object("data")
        if let metrics = try data.optionalArray("metrics") {
            drafts.reserveCapacity(metrics.count * 16)
            for (index, item) in metrics.enumerated() {
                try readMetric(try data.element(item, of: "metrics", at: index).anchored)
            }
        }
        if let workouts = try data.optionalArray("workouts") {
            for (index, item) in workouts.enumerated() {
                try readWorkout(try data.element(item, of: "workouts", at: index).anchored)
            }
        }
        for key in data.fields.sortedKeys where key != "metrics" && key != "workouts" && data.has(key) {
            var count = 1
            if case .array(let elements)? = data.value(key) { count = elements.count }
            let reason = HealthAutoExportMetric.otherSections[key] ?? "not part of Health Auto Export's format"
            skips.add("data.\(key)", reason, count: count)
        }
        for key in root.fields.sortedKeys where key != "data" {
            skips.add(key, "not part of Health Auto Export's format")
        }
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
