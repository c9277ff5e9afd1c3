import Foundation
import VitalsCore

// Metrics: `{"name": ..., "units": ..., "data": [items]}`, dispatched on the name.
extension HealthAutoExportReader {
    /// HealthKit's meal time metadata key (`HKMetadataKeyBloodGlucoseMealTime`).
    static let mealTimeKey = "HKBloodGlucoseMealTime"
    /// HealthKit's insulin delivery reason key (`HKMetadataKeyInsulinDeliveryReason`).
    static let insulinReasonKey = "HKInsulinDeliveryReason"
    /// The lowest heart rate of the period an item summarises, in count/min (not a HealthKit
    /// key: HealthKit reserves the `HK` prefix for its own keys).
    static let heartRateMinKey = "HAEHeartRateMin"
    /// The highest heart rate of the period an item summarises, in count/min.
    static let heartRateMaxKey = "HAEHeartRateMax"

    /// Reads metric `index` of `data.metrics` and all of its items; a metric whose name, units
    /// or data cannot be read is left out whole, an item that cannot be read alone.
    /// `items` are its `data` items when they are read from the document's bytes.
    mutating func readMetric(
        _ raw: JSONValue, at index: Int, in data: JSONObjectReader,
        items streamed: HealthAutoExportItems? = nil
    ) throws(VitalsError) {
        let mark = try startItem()
        var name = "data.metrics", lost = 1
        do throws(VitalsError) {
            let metric = try data.element(raw, of: "metrics", at: index).anchored
            if let streamed {
                lost = max(streamed.count, 1)
            } else if case .array(let items)? = metric.value("data") {
                lost = max(items.count, 1)
            }
            name = try metric.string("name")
            metricNames[index] = name
            var items: HealthAutoExportItems
            if let streamed { items = streamed } else { items = HealthAutoExportItems(try metric.array("data")) }
            try readMetric(metric, name: name, items: items)
        } catch {
            try unreadable(name, error, since: mark, count: lost)
        }
    }

    /// Reads one metric's items by the handling its name asks for.
    private mutating func readMetric(
        _ metric: JSONObjectReader, name: String,
        items: HealthAutoExportItems
    ) throws(VitalsError) {
        guard let kind = HealthAutoExportMetric.named(name) else {
            skips.add(name, "not a metric Vitals imports", count: items.count)
            return
        }
        switch kind {
        case .unsupported(let reason):
            skips.add(name, reason, count: items.count)
        case .quantity(let type):
            try readQuantities(metric, name: name, items: items, type: type)
        case .bloodGlucose:
            try readQuantities(metric, name: name, items: items, type: .bloodGlucose)
        case .insulinDelivery:
            try readQuantities(metric, name: name, items: items, type: .insulinDelivery)
        case .heartRate:
            try readHeartRates(metric, name: name, items: items)
        case .bloodPressure:
            try readBloodPressures(metric, name: name, items: items)
        case .sleepAnalysis:
            try readSleep(metric, name: name, items: items)
        case .mindfulMinutes:
            try readMindfulMinutes(metric, name: name, items: items)
        case .standHours:
            try readStandHours(metric, name: name, items: items)
        }
    }

    /// The metric's `units` (`fallback` when absent), checked to measure what `target` measures.
    func units(
        of metric: JSONObjectReader, name: String, measuring target: HealthUnit,
        default fallback: String? = nil
    ) throws(VitalsError) -> MetricUnits {
        guard let text = try metric.optionalString("units") ?? fallback else {
            throw metric.error(.invalidInput, "the field is required", at: "units")
        }
        let reading = try HealthAutoExportUnits.unit(text, metric: name, at: metric, key: "units")
        try HealthAutoExportUnits.check(reading, measures: target, metric: name, at: metric, key: "units")
        return MetricUnits(reading: reading, text: text, path: metric.fieldPath("units"))
    }

    /// A metric's `units`: how to read its numbers, the string as sent, and where it is.
    struct MetricUnits {
        let reading: HealthAutoExportUnits.Reading
        let text: String
        let path: String

        /// `value` of metric `name` in `target`; errors point at the metric's `units`.
        func convert(
            _ value: Double, to target: HealthUnit, in metric: JSONObjectReader,
            name: String
        ) throws(VitalsError) -> Double {
            try HealthAutoExportUnits.convert(value, from: reading, to: target, metric: name, at: metric, key: "units")
        }
    }

    /// `{qty, date, source}` items (also blood glucose with `mealTime` and insulin with `reason`).
    mutating func readQuantities(
        _ metric: JSONObjectReader, name: String, items: HealthAutoExportItems,
        type: SampleType
    ) throws(VitalsError) {
        guard !items.isEmpty else { return }
        guard let canonical = type.canonicalUnit else {
            skips.add(name, "\(type.shortName) has no unit Vitals stores", count: items.count)
            return
        }
        let units = try units(of: metric, name: name, measuring: canonical)
        var fieldMaps = HealthAutoExportFieldMaps()
        var items = items
        let interval = type.aggregationStyle == .cumulative ? totalsInterval(of: &items) : nil
        let reportedMetadata = interval.map(reportedMetadata)
        try forEachItem(of: metric, name: name, items) { reader, item throws(VitalsError) in
            let start = try reader.startDate(of: item)
            var end = try reader.endDate(of: item)
            let qty = try item.number("qty")
            let value = try units.convert(qty, to: canonical, in: metric, name: name)
            let sourceName = try item.optionalString("source")
            var metadata = try item.metadata()
            if let reportedMetadata,
                let reportedEnd = try reader.reportedEnd(of: item, start: start.date, interval: interval)
            {
                end = (reportedEnd, start.key)
                // Shared, not copied, when the item has no metadata of its own (nearly always).
                if metadata.isEmpty {
                    metadata = reportedMetadata
                } else {
                    metadata.merge(reportedMetadata) { _, new in new }
                }
            }
            if type == .bloodGlucose, let mealTime = try reader.mealTime(of: item) {
                metadata[Self.mealTimeKey] = .number(mealTime)
            }
            if type == .insulinDelivery, let reason = try reader.insulinReason(of: item) {
                metadata[Self.insulinReasonKey] = .number(reason)
            }
            let sample = Sample.quantity(
                type, value, canonical, start: start.date, end: end?.date,
                source: reader.sources.source(named: sourceName), metadata: metadata,
                uuid: HealthAutoExportDraft.placeholder)
            reader.keys.start(type, sample.start, sample.end)
            reader.keys.numbers(qty, unit: units.text)
            let key = reader.keys.finish(source: sourceName)
            reader.drafts.append(
                HealthAutoExportDraft(
                    sample: sample, identity: key, item: item, unitsPath: units.path,
                    fields: fieldMaps.value("qty", end: end?.key ?? start.key)))
        }
    }

    /// `mealTime`: "Before Meal" is preprandial (1), "After Meal" postprandial (2), "Unspecified" none.
    private func mealTime(of item: JSONObjectReader) throws(VitalsError) -> Double? {
        switch try item.optionalString("mealTime") {
        case nil, "Unspecified": return nil
        case "Before Meal": return 1
        case "After Meal": return 2
        default: throw item.error(.invalidValue, "expected Before Meal, After Meal or Unspecified", at: "mealTime")
        }
    }

    /// `reason`: "Basal" is 1 and "Bolus" 2, as `HKInsulinDeliveryReason`.
    private func insulinReason(of item: JSONObjectReader) throws(VitalsError) -> Double? {
        switch try item.optionalString("reason") {
        case nil: return nil
        case "Basal": return 1
        case "Bolus": return 2
        default: throw item.error(.invalidValue, "expected Basal or Bolus", at: "reason")
        }
    }

    /// `{Min, Avg, Max, date, source}` items: one heart rate sample per item whose value is Avg,
    /// with Min and Max kept as metadata. A plain `{qty, date}` item is a single reading.
    mutating func readHeartRates(
        _ metric: JSONObjectReader, name: String,
        items: HealthAutoExportItems
    ) throws(VitalsError) {
        guard !items.isEmpty else { return }
        let canonical = HealthUnit.countPerMinute
        let units = try units(of: metric, name: name, measuring: canonical)
        func rate(_ value: Double) throws(VitalsError) -> Double {
            try units.convert(value, to: canonical, in: metric, name: name)
        }
        var fieldMaps = HealthAutoExportFieldMaps()
        try forEachItem(of: metric, name: name, items) { reader, item throws(VitalsError) in
            let start = try reader.startDate(of: item)
            let end = try reader.endDate(of: item)
            let valueKey = item.has("Avg") || !item.has("qty") ? "Avg" : "qty"
            let average = try item.number(valueKey)
            let minimum = try item.optionalNumber("Min"), maximum = try item.optionalNumber("Max")
            if let minimum, minimum > average {
                throw item.error(.invalidValue, "Min is greater than \(valueKey)", at: "Min")
            }
            if let maximum, maximum < average {
                throw item.error(.invalidValue, "Max is less than \(valueKey)", at: "Max")
            }
            let sourceName = try item.optionalString("source")
            var metadata = try item.metadata()
            metadata.reserveCapacity(metadata.count + 2)
            if let minimum { metadata[Self.heartRateMinKey] = .quantity(Quantity(try rate(minimum), canonical)) }
            if let maximum { metadata[Self.heartRateMaxKey] = .quantity(Quantity(try rate(maximum), canonical)) }
            let sample = Sample.quantity(
                .heartRate, try rate(average), canonical, start: start.date, end: end?.date,
                source: reader.sources.source(named: sourceName), metadata: metadata,
                uuid: HealthAutoExportDraft.placeholder)
            reader.keys.start(.heartRate, sample.start, sample.end)
            reader.keys.numbers(average, minimum, maximum, unit: units.text)
            let key = reader.keys.finish(source: sourceName)
            reader.drafts.append(
                HealthAutoExportDraft(
                    sample: sample, identity: key, item: item, unitsPath: units.path,
                    fields: fieldMaps.value(valueKey, end: end?.key ?? start.key)))
        }
    }

    /// `{systolic, diastolic, date, source}` items: a blood pressure correlation of a systolic
    /// and a diastolic sample, as HealthKit stores cuff readings.
    mutating func readBloodPressures(
        _ metric: JSONObjectReader, name: String,
        items: HealthAutoExportItems
    ) throws(VitalsError) {
        guard !items.isEmpty else { return }
        let canonical = HealthUnit.millimeterOfMercury
        let units = try units(of: metric, name: name, measuring: canonical)
        try forEachItem(of: metric, name: name, items) { reader, item throws(VitalsError) in
            let start = try reader.startDate(of: item)
            let end = try reader.endDate(of: item)
            let systolic = try item.number("systolic"), diastolic = try item.number("diastolic")
            let sourceName = try item.optionalString("source")
            let source = reader.sources.source(named: sourceName)
            let metadata = try item.metadata()
            var members: [Sample] = []
            for (type, number) in [(SampleType.bloodPressureSystolic, systolic), (.bloodPressureDiastolic, diastolic)] {
                members.append(
                    .quantity(
                        type, try units.convert(number, to: canonical, in: metric, name: name),
                        canonical, start: start.date, end: end?.date, source: source,
                        uuid: HealthAutoExportDraft.placeholder))
            }
            let sample = Sample(
                uuid: HealthAutoExportDraft.placeholder, type: .bloodPressure, start: start.date,
                end: end?.date ?? start.date, content: .correlation(members), source: source,
                metadata: metadata)
            reader.keys.start(.bloodPressure, sample.start, sample.end)
            reader.keys.numbers(systolic, diastolic, unit: units.text)
            let key = reader.keys.finish(source: sourceName)
            reader.drafts.append(
                HealthAutoExportDraft(
                    sample: sample, identity: key, item: item, unitsPath: units.path,
                    fields: ["members[0]": "systolic", "members[1]": "diastolic", "end": end?.key ?? start.key]))
        }
    }

    /// `{qty, date, source}` items with qty in the metric's units (minutes): a mindful session
    /// from `date` lasting qty. Items that give `startDate`/`endDate` use those instead.
    mutating func readMindfulMinutes(
        _ metric: JSONObjectReader, name: String,
        items: HealthAutoExportItems
    ) throws(VitalsError) {
        guard !items.isEmpty else { return }
        let units = try units(of: metric, name: name, measuring: .second, default: "min")
        try forEachItem(of: metric, name: name, items) { reader, item throws(VitalsError) in
            let start = try reader.startDate(of: item)
            let end: (date: Date, key: String)
            if let given = try reader.endDate(of: item) {
                end = given
            } else {
                guard let qty = try item.optionalNonNegative("qty") else {
                    throw item.error(.invalidInput, "the field is required", at: "qty")
                }
                let seconds = try reader.length(
                    units.convert(qty, to: .second, in: metric, name: name),
                    of: item, at: "qty")
                end = (start.date.addingTimeInterval(seconds.rounded()), "qty")
            }
            guard end.date > start.date else {
                if end.date < start.date {
                    throw item.error(.invalidDateRange, "the session ends before it starts", at: end.key)
                }
                reader.skips.add(name, "a mindful session of zero length is not a session")
                return
            }
            let sourceName = try item.optionalString("source")
            let sample = Sample.category(
                .mindfulSession, 0, start: start.date, end: end.date,
                source: reader.sources.source(named: sourceName), metadata: try item.metadata(),
                uuid: HealthAutoExportDraft.placeholder)
            reader.keys.start(.mindfulSession, sample.start, sample.end)
            reader.keys.text("0")
            let key = reader.keys.finish(source: sourceName)
            reader.drafts.append(
                HealthAutoExportDraft(
                    sample: sample, identity: key, item: item,
                    fields: ["end": end.key]))
        }
    }
}
