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
                run.report.timing?.commitSeconds = -Date().timeIntervalSince1970
                return run.report
            }
        }
        report.timing?.commitSeconds += Date().timeIntervalSince1970
        report.seconds = Date().timeIntervalSince(began)
        return report
    }
}

/// One import in progress: a parsing thread feeds item batches to the writer inside the transaction.
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
        let pipe = ItemPipe<ExportItem>()
        let producer = ExportProducer(source: source, options: options, pipe: pipe)
        let thread = Thread { producer.run() }
        thread.stackSize = 8 << 20
        thread.start()
        let tally = ReportBox(report)
        let cpuStart = ImportTiming.threadCPUSeconds()
        do {
            while let batch = try pipe.pop() {
                for item in batch { try Self.store(item, writer: writer, dictionary: producer.dictionary, report: tally) }
                producer.samplesStored.withLock { $0 = writer.pointee.summary.added }
            }
        } catch {
            pipe.abandon()
            pipe.waitUntilFinished()
            throw error
        }
        report = tally.report
        let parsed = producer.result.withLock { $0 }
        report.bytes = parsed.bytes
        report.elements = parsed.elements
        report.unknownElements = parsed.unknownElements
        report.added = writer.pointee.summary.added
        report.alreadyPresent = writer.pointee.summary.alreadyPresent
        var timing = ImportTiming()
        timing.parseCPUSeconds = parsed.cpuSeconds
        timing.writeCPUSeconds = ImportTiming.threadCPUSeconds() - cpuStart
        (timing.parserWaitSeconds, timing.writerWaitSeconds) = pipe.waits
        report.timing = timing
        options.progress?(ImportProgress(bytesDone: parsed.bytes, bytesTotal: source.size, samples: report.added))
    }

    private static func store(_ item: ExportItem, writer: UnsafeMutablePointer<BulkWriter>, dictionary: SampleDictionary,
                              report: ReportBox) throws {
        switch item {
        case .sample(let sample, let beats):
            let (rowID, inserted) = try writer.pointee.add(sample)
            if inserted, !beats.isEmpty { try writer.pointee.addHeartbeats(sample: rowID, beats: beats) }
        case .row(let row, let beats):
            let (rowID, inserted) = try writer.pointee.add(row, dictionary: dictionary)
            if inserted, !beats.isEmpty { try writer.pointee.addHeartbeats(sample: rowID, beats: beats) }
        case .workout(let sample, let routes):
            let (rowID, inserted) = try writer.pointee.add(sample)
            guard inserted else { return }
            for (index, route) in routes.enumerated() {
                if route.fileMissing {
                    report.report.missingRouteFiles += 1
                    continue
                }
                try writer.pointee.addRoute(workout: rowID, route: index, points: route.points)
                report.report.routePoints += route.points.count
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

/// The parsing side of an import: reads the XML, scans it and hands batches to the writer.
final class ExportProducer: @unchecked Sendable {
    /// What only the parser knows, for the report.
    struct Result {
        var bytes: Int64 = 0
        var elements: [String: Int] = [:]
        var unknownElements: [String: Int] = [:]
        /// CPU seconds of the parsing thread.
        var cpuSeconds = 0.0
    }

    let result = Locked(Result())
    /// The values the parser's prepared rows refer to.
    let dictionary = SampleDictionary()
    let samplesStored = Locked(0)
    private let source: ExportSource
    private let options: HealthExportImporter.Options
    private let pipe: ItemPipe<ExportItem>
    private static let batchSize = 512

    private struct Abandoned: Error {}

    init(source: ExportSource, options: HealthExportImporter.Options, pipe: ItemPipe<ExportItem>) {
        self.source = source
        self.options = options
        self.pipe = pipe
    }

    func run() {
        var batch: [ExportItem] = []
        batch.reserveCapacity(Self.batchSize)
        let source = self.source
        let pipe = self.pipe
        let handler = ExportDocumentHandler(dictionary: dictionary) { item in
            batch.append(try Self.resolvingRoutes(item, in: source))
            if batch.count >= Self.batchSize {
                guard pipe.push(batch) else { throw Abandoned() }
                batch.removeAll(keepingCapacity: true)
            }
        }
        var scanner = XMLByteScanner(handler: handler)
        var bytes: Int64 = 0
        var lastReport: Int64 = 0
        do {
            try source.readXML { chunk in
                if options.cancellation?.isCancelled == true {
                    throw VitalsError(.cancelled, "the import was cancelled; nothing was stored")
                }
                try scanner.feed(chunk)
                bytes += Int64(chunk.count)
                if let progress = options.progress, bytes - lastReport >= 1 << 20 {
                    lastReport = bytes
                    progress(ImportProgress(bytesDone: bytes, bytesTotal: source.size, samples: samplesStored.withLock { $0 }))
                }
            }
            try scanner.finish()
            if !batch.isEmpty, !pipe.push(batch) { throw Abandoned() }
            let counts = (scanner.handler.elementCounts, scanner.handler.unknownElements)
            let cpu = ImportTiming.threadCPUSeconds()
            result.withLock { $0 = Result(bytes: bytes, elements: counts.0, unknownElements: counts.1, cpuSeconds: cpu) }
            pipe.finish(nil)
        } catch let error as VitalsError {
            pipe.finish(error.located(InputLocation(file: source.path)))
        } catch {
            pipe.finish(error)
        }
    }

    /// Reads the GPX files a workout's routes name, here on the parsing thread, which alone touches the archive.
    private static func resolvingRoutes(_ item: ExportItem, in source: ExportSource) throws -> ExportItem {
        guard case .workout(let sample, var routes) = item, routes.contains(where: { $0.filePath != nil }) else { return item }
        for index in routes.indices {
            guard let file = routes[index].filePath else { continue }
            guard let data = source.routeFile(file) else {
                routes[index].fileMissing = true
                continue
            }
            routes[index].points += try GPXRoute.points(data, file: file)
        }
        return .workout(sample, routes: routes)
    }
}

/// The report, shared between the run and the handler's callback.
final class ReportBox {
    var report: ImportReport
    init(_ report: ImportReport) { self.report = report }
}
