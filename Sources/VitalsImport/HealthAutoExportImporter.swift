import Foundation
import VitalsCore
public import VitalsStore

/// Imports a Health Auto Export JSON file into a store in one transaction.
///
/// As the server's ingest: items that cannot be read are left out and listed in the report's
/// ``ImportReport/unreadable`` (JSON path and reason) while the rest is stored; with `strict`
/// the first such item fails the import and nothing is stored. A file that is not JSON or has
/// no `data` object is refused either way. Samples carry UUIDs derived from their content, so
/// importing the same file again, or a later file that overlaps it, adds only what is new, and
/// they pass the server's arrival rule (``VitalsCore/ArrivalRule``): a measurement stored under
/// another source string naming a device in common is not stored again (``ImportReport/resent``),
/// and one stored with another value is replaced by the file's (``ImportReport/revised``; the
/// change feed reports the old one deleted and the new one added).
public struct HealthAutoExportImporter: Sendable {
    private let store: SQLiteHealthStore
    private let strict: Bool
    private let aggregation: HealthAutoExportAggregation

    /// An importer writing into `store`; all or nothing when `strict`; the app's aggregation as
    /// stated, else told from the items (``HealthAutoExportAggregation``).
    public init(store: SQLiteHealthStore, strict: Bool = false, aggregation: HealthAutoExportAggregation = .inferred) {
        self.store = store
        self.strict = strict
        self.aggregation = aggregation
    }

    /// Parses the file at `path` and stores its readable samples in one transaction.
    public func importFile(at path: String) async throws -> ImportReport {
        let began = Date()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VitalsError(.io, "cannot read the file", at: InputLocation(file: path))
        }
        let now = store.configuration.now
        let batch = try HealthAutoExportParser(
            strict: strict, aggregation: aggregation, calendar: store.calendar,
            receivedAt: now()
        ).parse(data, file: path)
        var report = ImportReport(file: path)
        report.bytes = Int64(data.count)
        report.elements = ["samples": batch.samples.count]
        for skipped in batch.skipped where skipped.path == nil {
            report.skipped["\(skipped.name): \(skipped.reason)", default: 0] += skipped.count
        }
        report.unreadable = batch.skipped.compactMap { skipped in
            skipped.path.map { ImportReport.UnreadableItem(path: $0, reason: skipped.reason) }
        }
        let prepared = report
        report = try await store.bulkWrite { bulk in
            var result = prepared
            var earlier = Set<UInt64>()
            var offset = 0
            while offset < batch.samples.count {
                let chunk = batch.samples[offset..<min(batch.samples.count, offset + Self.samplesPerChunk)]
                offset += chunk.count
                try Self.store(chunk, in: &bulk, earlier: &earlier, at: now(), into: &result)
            }
            result.added = bulk.summary.added - result.revised - result.restated
            result.resent += result.restated
            result.alreadyPresent = bulk.summary.alreadyPresent
            let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
            try bulk.recordImport(file: path, exportDate: nil, report: json, at: now())
            return result
        }
        report.seconds = Date().timeIntervalSince(began)
        return report
    }

    /// Samples judged by the arrival rule at a time: the stored ones of their span are read once.
    static let samplesPerChunk = 5_000

    /// Stores one chunk of the file's samples (in document order) past the arrival rule;
    /// `earlier` holds the earlier chunks' kept samples (``ArrivalRule/bits(of:)``) and gets this one's.
    private static func store(
        _ chunk: ArraySlice<Sample>, in bulk: inout BulkWriter, earlier: inout Set<UInt64>,
        at date: Date, into report: inout ImportReport
    ) throws {
        // Quantity and category samples; workouts and correlations are kept by UUID alone.
        var arrivals: [ArrivalRule.Arrival] = []
        var judged: [Int] = []
        for (index, sample) in zip(chunk.indices, chunk) {
            guard let value = sample.statisticsValue else { continue }
            judged.append(index)
            arrivals.append(
                ArrivalRule.Arrival(
                    uuid: sample.uuid, type: sample.type.identifier, start: sample.start, end: sample.end, value: value,
                    source: sample.source.name,
                    replacesOverlapping: HealthAutoExportMetadata.replacesOverlapping(
                        type: sample.type, metadata: sample.metadata)))
        }
        var stored: [ArrivalRule.Arrival] = []
        for (type, first, last) in ArrivalRule.spans(of: arrivals) {
            stored += try bulk.arrivals(
                of: SampleType(identifier: type), startingFrom: first.timeIntervalSince1970,
                through: last.timeIntervalSince1970,
                replacingMarkers: HealthAutoExportMetadata.replacingMarkers)
        }
        let judgement = ArrivalRule.judge(arrivals, against: stored, earlier: earlier)
        try bulk.replace(judgement.replaced, at: date)
        var verdicts: [Int: ArrivalRule.Verdict] = [:]
        for (index, verdict) in zip(judged, judgement.verdicts) where verdict != .store { verdicts[index] = verdict }
        for index in chunk.indices {
            switch verdicts[index] {
            case .resent?:
                report.resent += 1
                continue
            case .revision?:
                if try bulk.add(chunk[index]).inserted { report.revised += 1 }
            case .restated?:
                if try bulk.add(chunk[index]).inserted { report.restated += 1 }
            default:
                try bulk.add(chunk[index])
            }
            earlier.insert(ArrivalRule.bits(of: chunk[index].uuid))
        }
    }
}
