import Foundation
import VitalsCore
import VitalsStore

/// The parsing side of an import, in pull mode: each call reads on until it has items to hand out.
///
/// Reads the XML a chunk at a time (``ExportReader``), scans it (``XMLByteScanner``) and turns
/// its elements into items (``ExportDocumentHandler``), workouts with their route files read.
/// Nothing runs between calls, so its caller decides when to read on. Used by one task at a time.
final class ExportParser {
    /// What only the parser knows, for the report.
    struct Result: Sendable {
        var bytes: Int64 = 0
        var elements: [String: Int] = [:]
        var unknownElements: [String: Int] = [:]
        /// CPU seconds spent parsing (summed over the calls, whichever thread ran them).
        var cpuSeconds = 0.0
    }

    private let source: ExportSource
    private let options: HealthExportImporter.Options
    private let reader: ExportReader
    private let collected: Collected
    private var scanner: XMLByteScanner<ExportDocumentHandler>
    private var bytes: Int64 = 0
    private var lastReport: Int64 = 0
    private var cpuSeconds = 0.0
    private var ended = false
    /// What is left of the chunk read last (the reader's buffer, valid until the next read).
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Bytes scanned per step: a few hundred records.
    static let sliceSize = 64 << 10
    /// Reports how many samples are stored so far, for the progress callback.
    private let stored: @Sendable () -> Int

    /// The items the handler gave since the last call.
    private final class Collected {
        var items: [ExportItem] = []
    }

    /// Opens `source`; its prepared rows refer to `dictionary`. Throws when it cannot be opened.
    init(
        source: ExportSource, options: HealthExportImporter.Options, dictionary: SampleDictionary,
        stored: @escaping @Sendable () -> Int
    ) throws {
        self.source = source
        self.options = options
        self.stored = stored
        let reader = try source.open()
        let collected = Collected()
        self.reader = reader
        self.collected = collected
        scanner = XMLByteScanner(
            handler: ExportDocumentHandler(dictionary: dictionary) { item in
                collected.items.append(try Self.resolvingRoutes(item, in: reader))
            })
    }

    /// The items of the next slice of the XML (or more, until there are some); nil at the end.
    ///
    /// Chunks are fed to the scanner ``sliceSize`` bytes at a time, so what one call holds stays
    /// small even where every element is large (workouts with their route files read).
    /// Throws what is wrong with the file (naming the byte offset), or `.cancelled` once the
    /// options' cancellation is set.
    func next() throws -> [ExportItem]? {
        let began = ImportTiming.threadCPUSeconds()
        defer { cpuSeconds += ImportTiming.threadCPUSeconds() - began }
        do {
            while collected.items.isEmpty, !ended {
                if chunk.isEmpty {
                    if options.cancellation?.isCancelled == true {
                        throw VitalsError(.cancelled, "the import was cancelled; nothing was stored")
                    }
                    guard let next = try reader.nextChunk() else {
                        try scanner.finish()
                        ended = true
                        break
                    }
                    chunk = next
                    bytes += Int64(next.count)
                    if let progress = options.progress, bytes - lastReport >= 1 << 20 {
                        lastReport = bytes
                        progress(ImportProgress(bytesDone: bytes, bytesTotal: source.size, samples: stored()))
                    }
                }
                let slice = UnsafeRawBufferPointer(rebasing: chunk.prefix(Self.sliceSize))
                chunk = UnsafeRawBufferPointer(rebasing: chunk.dropFirst(slice.count))
                try scanner.feed(slice)
            }
        } catch let error as VitalsError {
            throw error.located(InputLocation(file: source.path))
        }
        guard !collected.items.isEmpty else { return nil }
        defer { collected.items.removeAll(keepingCapacity: true) }
        return collected.items
    }

    /// What the parser counted; complete once ``next()`` returned nil.
    var result: Result {
        Result(
            bytes: bytes, elements: scanner.handler.elementCounts, unknownElements: scanner.handler.unknownElements,
            cpuSeconds: cpuSeconds)
    }

    /// Reads the GPX files a workout's routes name, in the parser's task, which alone reads the source.
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
