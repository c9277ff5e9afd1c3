import Foundation
import VitalsCore
import VitalsStore

/// Imports an Apple Health export ("Export All Health Data") into a store, all or nothing.
///
/// Streams the XML (from the zip, a folder or a bare file) through a byte scanner, gives each
/// record a UUID derived from its content and occurrence, and writes everything in one
/// transaction: a failure, a cancellation or a killed process leaves the store as it was.
/// Importing the same export again adds nothing; a newer export adds only what is new.
public struct HealthExportImporter: Sendable {
    /// Settings for an import.
    public struct Options: Sendable {
        /// Called about every megabyte with how far the import has come. Default: none.
        public var progress: (@Sendable (ImportProgress) -> Void)?
        /// Set it from a signal handler to stop and roll back. Default: none.
        public var cancellation: ImportCancellation?

        public init(progress: (@Sendable (ImportProgress) -> Void)? = nil, cancellation: ImportCancellation? = nil) {
            self.progress = progress
            self.cancellation = cancellation
        }
    }

    private let store: SQLiteHealthStore

    /// An importer writing into `store`.
    public init(store: SQLiteHealthStore) {
        self.store = store
    }

    /// Imports the export at `path` (`export.zip`, `export.xml` or an `apple_health_export/` folder).
    public func importExport(at path: String, options: Options = Options()) async throws -> ImportReport {
        let began = Date()
        let now = store.configuration.now
        var report = try await store.bulkWrite { bulk in
            let source = try ExportSource(path: path)
            return try withUnsafeMutablePointer(to: &bulk) { writer in
                var run = ExportImportRun(source: source, writer: writer, options: options)
                try run.execute()
                let json = String(decoding: try JSONEncoder().encode(run.report), as: UTF8.self)
                try writer.pointee.recordImport(file: path, exportDate: run.report.exportDate, report: json, at: now())
                return run.report
            }
        }
        report.seconds = Date().timeIntervalSince(began)
        return report
    }
}

/// One import in progress: scanner, handler and writer wired together inside the transaction.
struct ExportImportRun {
    let source: ExportSource
    let writer: UnsafeMutablePointer<BulkWriter>
    let options: HealthExportImporter.Options
    var report: ImportReport

    init(source: ExportSource, writer: UnsafeMutablePointer<BulkWriter>, options: HealthExportImporter.Options) {
        self.source = source
        self.writer = writer
        self.options = options
        report = ImportReport(file: source.path)
    }

    mutating func execute() throws {
        let tally = ReportBox(report)
        let writer = self.writer
        let source = self.source
        let handler = ExportDocumentHandler { item in
            try Self.store(item, writer: writer, source: source, report: tally)
        }
        var scanner = XMLByteScanner(handler: handler)
        var lastReport: Int64 = 0
        do {
            try source.readXML { chunk in
                if options.cancellation?.isCancelled == true {
                    throw VitalsError(.cancelled, "the import was cancelled; nothing was stored")
                }
                try scanner.feed(chunk)
                tally.report.bytes += Int64(chunk.count)
                if let progress = options.progress, tally.report.bytes - lastReport >= 1 << 20 {
                    lastReport = tally.report.bytes
                    progress(ImportProgress(bytesDone: tally.report.bytes, bytesTotal: source.size,
                                            samples: writer.pointee.summary.added))
                }
            }
            try scanner.finish()
        } catch let error as VitalsError {
            throw error.located(InputLocation(file: source.path))
        }
        options.progress?(ImportProgress(bytesDone: tally.report.bytes, bytesTotal: source.size,
                                         samples: writer.pointee.summary.added))
        report = tally.report
        report.elements = scanner.handler.elementCounts
        report.unknownElements = scanner.handler.unknownElements
        report.added = writer.pointee.summary.added
        report.alreadyPresent = writer.pointee.summary.alreadyPresent
    }

    private static func store(_ item: ExportItem, writer: UnsafeMutablePointer<BulkWriter>, source: ExportSource,
                              report: ReportBox) throws {
        switch item {
        case .sample(let sample, let beats):
            let (rowID, inserted) = try writer.pointee.add(sample)
            if inserted, !beats.isEmpty { try writer.pointee.addHeartbeats(sample: rowID, beats: beats) }
        case .workout(let sample, let routes):
            let (rowID, inserted) = try writer.pointee.add(sample)
            guard inserted else { return }
            for (index, route) in routes.enumerated() {
                var points = route.points
                if let file = route.filePath {
                    guard let data = source.routeFile(file) else {
                        report.report.missingRouteFiles += 1
                        continue
                    }
                    points += try GPXRoute.points(data, file: file)
                }
                try writer.pointee.addRoute(workout: rowID, route: index, points: points)
                report.report.routePoints += points.count
            }
        case .activitySummary(let summary):
            if try writer.pointee.addActivitySummary(summary) {
                report.report.activitySummariesAdded += 1
            } else {
                report.report.activitySummariesPresent += 1
            }
        case .characteristic(let key, let value):
            try writer.pointee.setCharacteristic(key, value)
        case .exportDate(let date):
            report.report.exportDate = date
        case .skipped(let element, let reason):
            report.report.skipped["\(element): \(reason)", default: 0] += 1
        }
    }
}

/// The report, shared between the run and the handler's callback.
final class ReportBox {
    var report: ImportReport
    init(_ report: ImportReport) { self.report = report }
}
