import Foundation
import VitalsCore

// Sleep analysis in both of the app's shapes, as `sleepAnalysis` category samples.
//
// Unaggregated ("Summarize Data" off): one item per HealthKit sample, `{startDate, endDate,
// value, qty, source}` with value Core, Deep, REM, Awake, In Bed, Asleep or Unspecified. Each
// becomes one sample over exactly its dates (qty, the hours, is checked but not used).
//
// Aggregated (one item per night): hours per stage (`core`, `deep`, `rem`, `asleep`, `awake`,
// `inBed`, `totalSleep`) with `sleepStart`/`sleepEnd` and `inBedStart`/`inBedEnd`. The night's
// order of stages is not in the data, so the stages are laid end to end from `sleepStart` in the
// order core, deep, REM, awake, each lasting its hours (rounded to whole seconds). Unspecified
// asleep (`totalSleep` minus the staged hours when `totalSleep` is given; otherwise `asleep`,
// unless `asleep` is within a minute of the stages' sum, in which case it is that sum) comes from
// another source of a merged night (`"Watch|iPhone|AutoSleep"`: stages from the watch, asleep
// from the sleep app) and covers the same hours, so it is laid from `sleepStart` too, overlapping
// the stages: the night's asleep time is the larger of the two, as HealthKit's union of the
// sources' samples would be. Nothing runs past `sleepEnd`, so a night never holds more asleep
// time than `sleepEnd - sleepStart`. In bed is one sample from `inBedStart` lasting `inBed` hours
// but never past `inBedEnd` (older versions of the app send about twice the window's hours),
// overlapping the stages as in HealthKit. When a start is missing, the block ends at `sleepEnd`
// (or `inBedEnd`) instead; in bed with neither starts at `sleepStart`. Samples made this way carry
// metadata `HAEAggregated` = true: a later report of the same night (overlapping it, from a
// source naming a device in common) replaces them whole (``VitalsCore/ArrivalRule``). The night's
// `source` (else `sleepSource` / `inBedSource`) names the source; its `date` is only checked.
extension HealthAutoExportReader {
    /// Metadata key marking sleep samples laid out from a night's totals.
    static let aggregatedKey = "HAEAggregated"

    /// The app's stage names and HealthKit's values.
    static let sleepStages: [String: SleepAnalysisValue] = [
        "In Bed": .inBed, "Asleep": .asleepUnspecified, "Unspecified": .asleepUnspecified,
        "Awake": .awake, "Core": .asleepCore, "Deep": .asleepDeep, "REM": .asleepREM,
    ]

    /// Reads a `sleep_analysis` metric; each item is in either shape.
    mutating func readSleep(
        _ metric: JSONObjectReader, name: String,
        items: HealthAutoExportItems
    ) throws(VitalsError) {
        guard !items.isEmpty else { return }
        let units = try units(of: metric, name: name, measuring: .second, default: "hr")
        let toSeconds = { (hours: Double) throws(VitalsError) -> Double in
            try units.convert(hours, to: .second, in: metric, name: name).rounded()
        }
        try forEachItem(of: metric, name: name, items) { reader, item throws(VitalsError) in
            if item.has("startDate") || item.has("value") {
                try reader.readSleepStage(item)
            } else {
                try reader.readSleepNight(item, seconds: toSeconds)
            }
        }
    }

    /// One unaggregated stage item.
    private mutating func readSleepStage(_ item: JSONObjectReader) throws(VitalsError) {
        let start = try item.date("startDate"), end = try item.date("endDate")
        guard let stage = Self.sleepStages[try item.string("value")] else {
            throw item.error(
                .invalidValue, "expected Core, Deep, REM, Awake, In Bed, Asleep or Unspecified",
                at: "value")
        }
        _ = try item.optionalNonNegative("qty")
        appendSleep(
            stage, start, end, item: item, sourceName: try item.optionalString("source"),
            metadata: try item.metadata(), fields: ["end": "endDate", "value": "value"])
    }

    /// One aggregated night.
    private mutating func readSleepNight(
        _ item: JSONObjectReader,
        seconds: (Double) throws(VitalsError) -> Double
    ) throws(VitalsError) {
        try checkNightDate(item)
        func hours(_ key: String) throws(VitalsError) -> Double { try item.optionalNonNegative(key) ?? 0 }
        let core = try hours("core"), deep = try hours("deep"), rem = try hours("rem")
        let asleep = try hours("asleep"), awake = try hours("awake"), inBed = try hours("inBed")
        let staged = core + deep + rem
        let unspecified: Double
        if let total = try item.optionalNonNegative("totalSleep") {
            unspecified = max(0, total - staged)
        } else {
            unspecified = staged > 0 && abs(asleep - staged) < 1.0 / 60 ? 0 : asleep
        }
        let unspecifiedKey = item.has("totalSleep") ? "totalSleep" : "asleep"
        let blocks: [(SleepAnalysisValue, String, Double)] = [
            (.asleepCore, "core", try seconds(core)), (.asleepDeep, "deep", try seconds(deep)),
            (.asleepREM, "rem", try seconds(rem)), (.awake, "awake", try seconds(awake)),
        ].filter { $0.2 > 0 }
        let unspecifiedSeconds = try seconds(unspecified)
        for (_, key, duration) in blocks { _ = try self.length(duration, of: item, at: key) }
        _ = try self.length(unspecifiedSeconds, of: item, at: unspecifiedKey)
        let metadata = try item.metadata().merging([Self.aggregatedKey: .bool(true)]) { _, new in new }
        let itemSource = try item.optionalString("source")
        var sleepSource = itemSource
        if sleepSource == nil { sleepSource = try item.optionalString("sleepSource") }
        let sleepEnd = try item.optionalDate("sleepEnd")
        try checkOrder(item, start: "sleepStart", end: "sleepEnd")
        try checkOrder(item, start: "inBedStart", end: "inBedEnd")
        let length = max(blocks.reduce(0) { $0 + $1.2 }, unspecifiedSeconds)
        if length > 0 {
            let start = try anchor(item, start: "sleepStart", end: "sleepEnd", length: length)
            var cursor = start
            for (stage, key, duration) in blocks {
                let end = Self.clip(cursor.addingTimeInterval(duration), to: sleepEnd)
                if end > cursor {
                    appendSleep(
                        stage, cursor, end, item: item, sourceName: sleepSource, metadata: metadata,
                        fields: ["end": key, "value": key])
                }
                cursor = end
            }
            let end = Self.clip(start.addingTimeInterval(unspecifiedSeconds), to: sleepEnd)
            if end > start {
                appendSleep(
                    .asleepUnspecified, start, end, item: item, sourceName: sleepSource, metadata: metadata,
                    fields: ["end": unspecifiedKey, "value": unspecifiedKey])
            }
        }
        let inBedSeconds = try self.length(seconds(inBed), of: item, at: "inBed")
        if inBedSeconds > 0 {
            var bedSource = itemSource
            if bedSource == nil { bedSource = try item.optionalString("inBedSource") }
            let start = try anchor(
                item, start: "inBedStart", end: "inBedEnd", length: inBedSeconds,
                otherwise: "sleepStart")
            let end = Self.clip(start.addingTimeInterval(inBedSeconds), to: try item.optionalDate("inBedEnd"))
            if end > start {
                appendSleep(
                    .inBed, start, end, item: item, sourceName: bedSource, metadata: metadata,
                    fields: ["end": "inBed", "value": "inBed"])
            }
        }
    }

    /// Throws `.invalidDateRange` at member `end` when it comes before member `start`.
    private func checkOrder(_ item: JSONObjectReader, start: String, end: String) throws(VitalsError) {
        guard let first = try item.optionalDate(start), let last = try item.optionalDate(end), last < first else {
            return
        }
        throw item.error(.invalidDateRange, "\(end) is before \(start)", at: end)
    }

    /// `end`, or `limit` when that comes first (a block never runs past the night's end).
    private static func clip(_ end: Date, to limit: Date?) -> Date {
        guard let limit, limit < end else { return end }
        return limit
    }

    /// Where a block of `length` seconds starts: at member `start`, else `length` before member
    /// `end`, else at member `otherwise`; an error naming `start` when none is given.
    private func anchor(
        _ item: JSONObjectReader, start: String, end: String, length: TimeInterval,
        otherwise: String? = nil
    ) throws(VitalsError) -> Date {
        if let date = try item.optionalDate(start) { return date }
        if let date = try item.optionalDate(end) { return date.addingTimeInterval(-length) }
        if let otherwise, let date = try item.optionalDate(otherwise) { return date }
        throw item.error(.invalidInput, "the field is required", at: start)
    }

    /// `date`, the night's label: `yyyy-MM-dd` (as documented) or a full timestamp.
    private func checkNightDate(_ item: JSONObjectReader) throws(VitalsError) {
        guard let text = try item.optionalString("date") else { return }
        if ISO8601.parse(text, twelveHourClock: true) != nil { return }
        guard text.utf8.count == 10, ISO8601.parse(text + " 00:00:00 +0000") != nil else {
            throw item.error(
                .invalidDate,
                "expected a day like 2024-02-06 or a timestamp like 2024-02-06 07:00:00 -0800", at: "date")
        }
    }

    /// Adds a sleep analysis draft; `fields` say which members of `item` it came from.
    private mutating func appendSleep(
        _ stage: SleepAnalysisValue, _ start: Date, _ end: Date,
        item: JSONObjectReader, sourceName: String?, metadata: Metadata,
        fields: [String: String]
    ) {
        let sample = Sample.category(
            .sleepAnalysis, stage.rawValue, start: start, end: end,
            source: sources.source(named: sourceName), metadata: metadata,
            uuid: HealthAutoExportDraft.placeholder)
        keys.start(.sleepAnalysis, start, end)
        keys.text("\(stage.rawValue)")
        let key = keys.finish(source: sourceName)
        drafts.append(HealthAutoExportDraft(sample: sample, identity: key, item: item, fields: fields))
    }
}
