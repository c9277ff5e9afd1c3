import Foundation
import VitalsCore
import VitalsStore

/// Imports a Health Auto Export JSON file into a store in one transaction.
///
/// As the server's ingest: items that cannot be read are left out and listed in the report's
/// ``ImportReport/unreadable`` (JSON path and reason) while the rest is stored; with `strict`
/// the first such item fails the import and nothing is stored. A file that is not JSON or has
/// no `data` object is refused either way. Samples carry UUIDs derived from their content, so
/// importing the same file again, or a later file that overlaps it, adds only what is new.
public struct HealthAutoExportImporter: Sendable {
    private let store: SQLiteHealthStore
    private let strict: Bool

    /// An importer writing into `store`; all or nothing when `strict`.
    public init(store: SQLiteHealthStore, strict: Bool = false) {
        self.store = store
        self.strict = strict
    }

    /// Parses the file at `path` and stores its readable samples in one transaction.
    public func importFile(at path: String) async throws -> ImportReport {
        let began = Date()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VitalsError(.io, "cannot read the file", at: InputLocation(file: path))
        }
        let batch = try HealthAutoExportParser(strict: strict).parse(data, file: path)
        let now = store.configuration.now
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
            for sample in batch.samples { try bulk.add(sample) }
            result.added = bulk.summary.added
            result.alreadyPresent = bulk.summary.alreadyPresent
            let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
            try bulk.recordImport(file: path, exportDate: nil, report: json, at: now())
            return result
        }
        report.seconds = Date().timeIntervalSince(began)
        return report
    }
}
