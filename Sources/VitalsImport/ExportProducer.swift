import Foundation
import VitalsCore
import VitalsStore

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
        let pipe = self.pipe
        let reader: ExportReader
        do {
            reader = try source.open()
        } catch {
            pipe.finish(error)
            return
        }
        let handler = ExportDocumentHandler(dictionary: dictionary) { item in
            batch.append(try Self.resolvingRoutes(item, in: reader))
            if batch.count >= Self.batchSize {
                guard pipe.push(batch) else { throw Abandoned() }
                batch.removeAll(keepingCapacity: true)
            }
        }
        var scanner = XMLByteScanner(handler: handler)
        var bytes: Int64 = 0
        var lastReport: Int64 = 0
        do {
            try reader.readXML { chunk in
                if options.cancellation?.isCancelled == true {
                    throw VitalsError(.cancelled, "the import was cancelled; nothing was stored")
                }
                try scanner.feed(chunk)
                bytes += Int64(chunk.count)
                if let progress = options.progress, bytes - lastReport >= 1 << 20 {
                    lastReport = bytes
                    progress(
                        ImportProgress(
                            bytesDone: bytes, bytesTotal: source.size, samples: samplesStored.withLock { $0 }))
                }
            }
            try scanner.finish()
            if !batch.isEmpty, !pipe.push(batch) { throw Abandoned() }
            let counts = (scanner.handler.elementCounts, scanner.handler.unknownElements)
            let cpu = ImportTiming.threadCPUSeconds()
            result.withLock {
                $0 = Result(bytes: bytes, elements: counts.0, unknownElements: counts.1, cpuSeconds: cpu)
            }
            pipe.finish(nil)
        } catch let error as VitalsError {
            pipe.finish(error.located(InputLocation(file: source.path)))
        } catch {
            pipe.finish(error)
        }
    }

    /// Reads the GPX files a workout's routes name, here on the parsing thread, which alone touches the archive.
    private static func resolvingRoutes(_ item: ExportItem, in source: ExportReader) throws -> ExportItem {
        guard case .workout(let sample, var routes) = item, routes.contains(where: { $0.filePath != nil }) else {
            return item
        }
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
