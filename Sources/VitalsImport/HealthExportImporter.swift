import Foundation
import VitalsCore
public import VitalsStore

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
        // Found and checked before the write lock is taken: a mistyped path or a zip without an
        // export fails here, and other writers never wait for it.
        let source = try ExportSource(path: path)
        let pump = ExportPump(source: source, options: options)
        var report = try await pump.run {
            try await store.bulkWrite { _, writer in
                var run = ExportImportRun(pump: pump)
                try await run.execute(into: &writer)
                let json = String(decoding: try JSONEncoder().encode(run.report), as: UTF8.self)
                try writer.recordImport(file: path, exportDate: run.report.exportDate, report: json, at: now())
                run.report.timing?.commitSeconds = -Date().timeIntervalSince1970
                return run.report
            }
        }
        report.timing?.commitSeconds += Date().timeIntervalSince1970
        report.seconds = Date().timeIntervalSince(began)
        return report
    }
}

/// One import in progress, in the store's write transaction: the parser (``ExportPump``, a task
/// of its own) hands item batches to the writer, which runs on the store's writer queue.
struct ExportImportRun {
    let pump: ExportPump
    var report: ImportReport

    init(pump: ExportPump) {
        self.pump = pump
        report = ImportReport(file: pump.source.path)
    }

    /// Takes the parser's batches and stores what they hold with `writer`, in the caller's
    /// isolation (the bulk write's session, on the store's writer queue).
    mutating func execute(into writer: inout BulkWriter, isolation: isolated (any Actor)? = #isolation) async throws {
        let cpuStart = ImportTiming.threadCPUSeconds()
        let dictionary = pump.dictionary
        while let batch = try await pump.next() {
            for item in batch { try Self.store(item, writer: &writer, dictionary: dictionary, report: &report) }
            pump.noteStored(writer.summary.added)
        }
        let parsed = pump.result
        report.bytes = parsed.bytes
        report.elements = parsed.elements
        report.unknownElements = parsed.unknownElements
        report.added = writer.summary.added
        report.alreadyPresent = writer.summary.alreadyPresent
        var timing = ImportTiming()
        timing.parseCPUSeconds = parsed.cpuSeconds
        // The writer runs on the store's writer queue throughout, so its thread's CPU is the writer's.
        timing.writeCPUSeconds = ImportTiming.threadCPUSeconds() - cpuStart
        (timing.parserWaitSeconds, timing.writerWaitSeconds) = pump.waits
        report.timing = timing
        pump.options.progress?(
            ImportProgress(bytesDone: parsed.bytes, bytesTotal: pump.source.size, samples: report.added))
    }

    private static func store(
        _ item: ExportItem, writer: inout BulkWriter, dictionary: SampleDictionary,
        report: inout ImportReport
    ) throws {
        switch item {
        case .sample(let sample, let beats):
            let (rowID, inserted) = try writer.add(sample)
            if inserted, !beats.isEmpty { try writer.addHeartbeats(sample: rowID, beats: beats) }
        case .row(let row, let beats):
            let (rowID, inserted) = try writer.add(row, dictionary: dictionary)
            if inserted, !beats.isEmpty { try writer.addHeartbeats(sample: rowID, beats: beats) }
        case .workout(let sample, let routes):
            let (rowID, inserted) = try writer.add(sample)
            guard inserted else { return }
            for (index, route) in routes.enumerated() {
                if route.fileMissing {
                    report.missingRouteFiles += 1
                    continue
                }
                try writer.addRoute(workout: rowID, route: index, points: route.points)
                report.routePoints += route.points.count
            }
        case .activitySummary(let summary):
            if try writer.addActivitySummary(summary) {
                report.activitySummariesAdded += 1
            } else {
                report.activitySummariesPresent += 1
            }
        case .characteristic(let key, let value):
            try writer.setCharacteristic(key, value)
        case .exportDate(let date):
            report.exportDate = date
        case .skipped(let element, let reason):
            report.skipped["\(element): \(reason)", default: 0] += 1
        }
    }
}
