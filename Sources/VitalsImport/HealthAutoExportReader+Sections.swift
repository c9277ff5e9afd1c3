import Foundation
import VitalsCore

// The sections of `data` besides metrics and workouts that HealthKit has sample types for.
//
// `symptoms`: `{start, end, name, severity, userEntered, source}`, one category sample of the
// symptom's type (`Headache` → `HKCategoryTypeIdentifierHeadache`) with the severity as its value
// (`Not Present`, `Mild`...; `Present`/`No Change`... for the symptoms HealthKit records that way).
//
// `heartRateNotifications`: `{start, end, threshold?, heartRate: [{hr, ...}], ...}`, one event:
// with a threshold a high heart rate event when the readings reach it, a low one when they stay
// below it; without one an irregular rhythm event. The threshold is kept as
// `HKHeartRateEventThreshold`.
//
// `stateOfMind`, `medications`, `cycleTracking` and `ecg` have no type in Vitals' catalog and are
// reported (``HealthAutoExportMetric/otherSections``). An entry that cannot be read is left out
// and reported alone.
extension HealthAutoExportReader {
    /// HealthKit's heart rate event threshold key (`HKMetadataKeyHeartRateEventThreshold`).
    static let heartRateThresholdKey = "HKHeartRateEventThreshold"

    /// Reads section `key` of `data` when Vitals stores it; false for sections only reported.
    mutating func readSection(_ key: String, of data: JSONObjectReader) throws(VitalsError) -> Bool {
        let read: (inout Self, JSONObjectReader) throws(VitalsError) -> Void
        switch key {
        case "symptoms": read = { reader, item throws(VitalsError) in try reader.readSymptom(item) }
        case "heartRateNotifications":
            read = { reader, item throws(VitalsError) in try reader.readHeartRateNotification(item) }
        default: return false
        }
        let name = "data.\(key)"
        let entries: [JSONValue]
        do throws(VitalsError) {
            entries = try data.array(key)
        } catch {
            try unreadable(name, error, since: drafts.count)
            return true
        }
        for (index, raw) in entries.enumerated() {
            let mark = try startItem()
            do throws(VitalsError) {
                try read(&self, try data.element(raw, of: key, at: index))
            } catch {
                try unreadable(name, error, since: mark)
            }
        }
        return true
    }

    /// One symptom entry.
    private mutating func readSymptom(_ item: JSONObjectReader) throws(VitalsError) {
        let label = try item.string("name")
        guard let type = SampleType(name: Self.alphanumerics(label)), type.kind == .category,
            CategoryValue.rawValue(forName: "notPresent", type: type) != nil
                || CategoryValue.rawValue(forName: "present", type: type) != nil
                || CategoryValue.rawValue(forName: "noChange", type: type) != nil
        else {
            skips.add("data.symptoms", "not a symptom HealthKit has a type for")
            return
        }
        let start = try item.date("start")
        let end = try item.optionalDate("end") ?? start
        let severity = try item.optionalString("severity") ?? "Unspecified"
        guard let value = CategoryValue.rawValue(forName: Self.alphanumerics(severity), type: type) else {
            throw item.error(.invalidValue, "not a severity HealthKit records for this symptom", at: "severity")
        }
        let sourceName = try item.optionalString("source")
        var metadata: Metadata = [:]
        if let entered = try item.optionalBool("userEntered") { metadata["HKWasUserEntered"] = .bool(entered) }
        appendEvent(
            type, value: value, start: start, end: end, item: item, sourceName: sourceName,
            metadata: metadata, fields: ["value": "severity", "end": item.has("end") ? "end" : "start"])
    }

    /// One heart rate notification.
    private mutating func readHeartRateNotification(_ item: JSONObjectReader) throws(VitalsError) {
        let start = try item.date("start"), end = try item.optionalDate("end") ?? start
        var readings: [Double] = []
        if let rates = try item.optionalArray("heartRate") {
            for (index, raw) in rates.enumerated() {
                readings.append(try item.element(raw, of: "heartRate", at: index).number("hr"))
            }
        }
        var metadata: Metadata = [:]
        let type: SampleType
        if let threshold = try item.optionalNonNegative("threshold") {
            guard let highest = readings.max() else {
                skips.add(
                    "data.heartRateNotifications",
                    "a notification with a threshold but no readings is "
                        + "neither a high nor a low heart rate event")
                return
            }
            type = highest >= threshold ? .highHeartRateEvent : .lowHeartRateEvent
            metadata[Self.heartRateThresholdKey] = .quantity(Quantity(threshold, .countPerMinute))
        } else {
            type = .irregularHeartRhythmEvent
        }
        appendEvent(
            type, value: 0, start: start, end: end, item: item, sourceName: try item.optionalString("source"),
            metadata: metadata, fields: ["end": item.has("end") ? "end" : "start"])
    }

    /// Adds a category sample draft for an entry of another section.
    private mutating func appendEvent(
        _ type: SampleType, value: Int, start: Date, end: Date, item: JSONObjectReader,
        sourceName: String?, metadata: Metadata, fields: [String: String]
    ) {
        let sample = Sample.category(
            type, value, start: start, end: end, source: sources.source(named: sourceName),
            metadata: metadata, uuid: HealthAutoExportDraft.placeholder)
        keys.start(type, start, end)
        keys.text("\(value)")
        let key = keys.finish(source: sourceName)
        drafts.append(HealthAutoExportDraft(sample: sample, identity: key, item: item, fields: fields))
    }

    /// `Lower Back Pain` → `LowerBackPain`: the letters and digits, for case-insensitive lookups.
    static func alphanumerics(_ text: String) -> String {
        String(
            text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                .map(Character.init))
    }
}
