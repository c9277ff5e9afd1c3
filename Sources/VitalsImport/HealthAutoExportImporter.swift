import Foundation
import VitalsCore
import VitalsStore

/// Imports a Health Auto Export JSON file into a store, all or nothing.
///
/// Samples carry UUIDs derived from their content, so importing the same file again, or a
/// later file that overlaps it, adds only what is new.
public struct HealthAutoExportImporter: Sendable {
    private let store: SQLiteHealthStore

    /// An importer writing into `store`.
    public init(store: SQLiteHealthStore) {
        self.store = store
    }

    /// Parses the file at `path` and stores its samples in one transaction.
    public func importFile(at path: String) async throws -> ImportReport {
        let began = Date()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VitalsError(.io, "cannot read the file", at: InputLocation(file: path))
        }
        let batch = try HealthAutoExportParser().parse(data, file: path)
        let now = store.configuration.now
        var report = ImportReport(file: path)
        report.bytes = Int64(data.count)
        report.elements = ["samples": batch.samples.count]
        for skipped in batch.skipped { report.skipped["\(skipped.name): \(skipped.reason)", default: 0] += skipped.count }
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
