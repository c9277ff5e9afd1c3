import Foundation
import VitalsCore

// Reported totals: the items of a cumulative metric the app aggregated (HealthAutoExportAggregation).
extension HealthAutoExportReader {
    /// The interval a cumulative metric's items were aggregated by: as stated, or told from its
    /// first ``HealthAutoExportAggregation/sampledItems`` items; nil when they are single samples.
    /// The first window's items are parsed once for both (``HealthAutoExportItems/lookAhead(_:)``).
    mutating func totalsInterval(of items: inout HealthAutoExportItems) -> HealthAutoExportAggregation.Interval? {
        switch aggregation {
        case .none: return nil
        case .interval(let interval): return interval
        case .inferred: break
        }
        let sampled = HealthAutoExportAggregation.sampledItems
        // A metric read in windows is judged once, by its first items.
        guard let offset = items.arrayOffset else { return inferredInterval(of: items.lookAhead(sampled)) }
        if let known = inferredIntervals[offset] { return known }
        // The first window, when it holds the items sampled, hands them on to be read.
        var first = items.first
        let isFirst = items.index == 0 && items.remaining >= min(sampled, items.count)
        let interval = inferredInterval(of: isFirst ? items.lookAhead(sampled) : first.lookAhead(sampled))
        inferredIntervals[offset] = interval
        return interval
    }

    /// The interval told from a metric's first items (up to ``HealthAutoExportAggregation/sampledItems``).
    private func inferredInterval(of first: ArraySlice<JSONValue>) -> HealthAutoExportAggregation.Interval? {
        var finest = HealthAutoExportAggregation.Interval.days
        for raw in first {
            guard case .object(let object) = raw, object["startDate"] == nil, object["endDate"] == nil,
                object["end"] == nil, case .string(let text)? = object["date"],
                let date = ISO8601.parse(text, twelveHourClock: true),
                let boundary = HealthAutoExportAggregation.boundary(
                    of: date, offset: HealthAutoExportAggregation.offset(of: text))
            else { return nil }
            if Self.rank(boundary) < Self.rank(finest) { finest = boundary }
        }
        return first.isEmpty ? nil : finest
    }

    /// The end of the period of a total of `interval` that `item` (starting at `start`) reports
    /// (its metadata is ``reportedMetadata(_:)``); nil when the item is a single sample (it gives
    /// an end, or is off the boundary).
    func reportedEnd(
        of item: JSONObjectReader, start: Date,
        interval: HealthAutoExportAggregation.Interval?
    ) throws(VitalsError) -> Date? {
        guard let interval, !item.has("startDate"), !item.has("endDate"), !item.has("end"),
            let text = try item.optionalString("date")
        else { return nil }
        let offset = HealthAutoExportAggregation.offset(of: text)
        if case .inferred = aggregation {
            guard let boundary = HealthAutoExportAggregation.boundary(of: start, offset: offset),
                Self.rank(boundary) >= Self.rank(interval)
            else { return nil }
        }
        return HealthAutoExportAggregation.end(of: interval, from: start, offset: offset, calendar: calendar)
    }

    /// The metadata of a reported total of `interval`: the same for every item of a document, so
    /// made once per interval and shared.
    func reportedMetadata(_ interval: HealthAutoExportAggregation.Interval) -> Metadata {
        var metadata: Metadata = [ReportedTotal.periodKey: .string(interval.rawValue)]
        if let receivedAt { metadata[ReportedTotal.receivedKey] = .date(receivedAt) }
        return metadata
    }

    /// Coarser intervals rank higher.
    static func rank(_ interval: HealthAutoExportAggregation.Interval) -> Int {
        HealthAutoExportAggregation.Interval.allCases.firstIndex(of: interval) ?? 0
    }

    /// The metadata key of a reported day's (or longer period's) count of stood hours.
    static let standHoursKey = "HAEStandHours"

    /// `apple_stand_hour` items: HealthKit keeps one `appleStandHour` sample per hour (stood or
    /// idle). An item of an hour or less (aggregated by hours or minutes, or a single sample)
    /// becomes the hour containing its date, stood when its `qty` is above 0, else idle. An item
    /// reporting a day or longer counts stood hours the app does not place: it becomes one stood
    /// sample over its period, a reported total carrying the count (``standHoursKey``), which the
    /// Stand ring counts instead of the period's hourly samples.
    mutating func readStandHours(
        _ metric: JSONObjectReader, name: String,
        items: HealthAutoExportItems
    ) throws(VitalsError) {
        guard !items.isEmpty else { return }
        var items = items
        let interval = totalsInterval(of: &items)
        try forEachItem(of: metric, name: name, items) { reader, item throws(VitalsError) in
            let start = try reader.startDate(of: item)
            let count = try item.optionalNonNegative("qty") ?? 0
            let sourceName = try item.optionalString("source")
            var metadata = try item.metadata()
            var period: (start: Date, end: Date)
            var stood = count > 0
            if let interval, Self.rank(interval) >= Self.rank(.days),
                let end = try reader.reportedEnd(of: item, start: start.date, interval: interval)
            {
                guard count <= 24 * 366 else {
                    throw item.error(.invalidValue, "more stood hours than the period has", at: "qty")
                }
                metadata.merge(reader.reportedMetadata(interval)) { _, new in new }
                metadata[Self.standHoursKey] = .number(count.rounded())
                period = (start.date, end)
                stood = true
            } else {
                let hour = DateRange.period(.hour, containing: start.date, in: reader.calendar ?? .gregorian(in: .gmt))
                period = (hour.start, hour.end)
            }
            // HKCategoryValueAppleStandHour: stood 0, idle 1.
            let value = stood ? 0 : 1
            let sample = Sample.category(
                .appleStandHour, value, start: period.start, end: period.end,
                source: reader.sources.source(named: sourceName), metadata: metadata,
                uuid: HealthAutoExportDraft.placeholder)
            reader.keys.start(.appleStandHour, period.start, period.end)
            reader.keys.number(count)
            let key = reader.keys.finish(source: sourceName)
            reader.drafts.append(
                HealthAutoExportDraft(
                    sample: sample, identity: key, item: item,
                    fields: ["value": "qty", "end": start.key]))
        }
    }
}
