import Foundation
import VitalsCore

/// Exports tidy CSV: one file of samples per type and one of its merged daily statistics, ready for pandas or R.
///
/// `TYPE.csv` has `start,end,value,unit,source,device,uuid,zone`: dates as `vitals samples --json`
/// writes them (the export's zone), values in the type's canonical unit (a category's value name,
/// a workout's minutes), `zone` the sample's own zone (`HKTimeZone`) or the export's.
/// `TYPE.daily.csv` has `date,sum,average,minimum,maximum,duration,unit,samples`: the store's
/// merged statistics per day of the export's zone (sources by priority, sleep as the union of
/// asleep stages), for the days from the first sample to the last.
public struct CSVExporter: Sendable {
    /// The samples file's header.
    public static let header = "start,end,value,unit,source,device,uuid,zone"
    /// The daily file's header.
    public static let dailyHeader = "date,sum,average,minimum,maximum,duration,unit,samples"

    public init() {}

    /// Exports what `request` asks for from `reader`; `progress` hears after each page.
    public func export(
        from reader: any HealthReader, _ request: ExportRequest, write: ExportWrite,
        progress: (ExportProgress) -> Void = { _ in }
    ) async throws -> ExportSummary {
        var summary = ExportSummary(format: .csv)
        var output = ExportOutput()
        var unreadable: Set<String> = []
        var zones = SampleZones(zone: request.zone)
        let types = request.exportedTypes
        for (index, type) in types.enumerated() {
            guard type.kind != .correlation else {
                summary.notExported.append(type.identifier)
                continue
            }
            let file = type.shortName + ".csv"
            var span: (first: Date, last: Date)?
            let pages = SamplePages(reader: reader, type: type, range: request.range, pageSize: request.pageSize)
            let denied = try await pages.forEach { page in
                if span == nil { try await output.append(Array(Self.header.utf8), to: file, write: write) }
                for sample in page {
                    try await output.append(
                        Array(Self.row(sample, zone: request.zone, own: zones.zone(of: sample)).utf8),
                        to: file, write: write)
                }
                let first = page[page.startIndex]
                span = (span?.first ?? first.start, max(span?.last ?? first.end, page.map(\.end).max() ?? first.end))
                summary.count(page.count, of: type.identifier)
                progress(ExportProgress(typesDone: index, typesTotal: types.count, samples: summary.sampleCount))
            }
            unreadable.formUnion(denied.map(\.identifier))
            if let span, type.kind != .workout {
                try await daily(type, span: span, reader: reader, request: request, output: &output, write: write)
            }
        }
        try await output.flush(write: write)
        summary.files = output.lines.mapValues { $0 - 1 }
        summary.finish(unreadable: unreadable)
        return summary
    }

    /// Writes `TYPE.daily.csv`: the merged statistics of each day from the first sample's to the last's.
    private func daily(
        _ type: SampleType, span: (first: Date, last: Date), reader: any HealthReader,
        request: ExportRequest, output: inout ExportOutput, write: ExportWrite
    ) async throws {
        let calendar = Calendar.gregorian(in: request.zone)
        let range = DateRange(
            clampingStart: DateRange.period(.day, containing: span.first, in: calendar).start,
            end: DateRange.period(.day, containing: span.last, in: calendar).end)
        let options: StatisticsOptions =
            switch type.kind {
            case .category: .duration
            default: type.aggregationStyle == .cumulative ? .sum : [.average, .minimum, .maximum]
            }
        guard
            let days = try? await reader.statistics(
                StatisticsQuery(
                    type: type, range: range, interval: .day, calendar: calendar, options: options)
            ).value
        else { return }
        let file = type.shortName + ".daily.csv"
        try await output.append(Array(Self.dailyHeader.utf8), to: file, write: write)
        for day in days where day.sampleCount > 0 {
            let numbers = [day.sum, day.average, day.minimum, day.maximum, day.duration].map {
                $0.map(JSONBytes.numberText) ?? ""
            }
            let date = LocalDate(containing: day.range.start, in: calendar).description
            let fields = [date] + numbers + [day.unit?.unitString ?? "", String(day.sampleCount)]
            try await output.append(Array(fields.map(Self.field).joined(separator: ",").utf8), to: file, write: write)
        }
    }

    /// One sample's row.
    static func row(_ sample: Sample, zone: TimeZone, own: TimeZone) -> String {
        let (value, unit) = valueAndUnit(sample)
        return [
            ISO8601.format(sample.start, in: zone), ISO8601.format(sample.end, in: zone), value, unit,
            sample.source.name, sample.device?.name ?? "", sample.uuid.uuidString, own.identifier,
        ]
        .map(field).joined(separator: ",")
    }

    /// The value and unit columns: a quantity in its type's canonical unit, a category's value name, a workout's minutes.
    static func valueAndUnit(_ sample: Sample) -> (String, String) {
        switch sample.content {
        case .quantity(let quantity):
            let (value, unit) = FHIRResourceWriter.canonical(quantity, of: sample.type)
            return (JSONBytes.numberText(value), unit)
        case .category(let raw): return (CategoryValue.name(for: raw, type: sample.type) ?? String(raw), "")
        case .workout(let workout): return (JSONBytes.numberText((workout.duration ?? sample.duration) / 60), "min")
        case .correlation: return ("", "")
        }
    }

    /// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
