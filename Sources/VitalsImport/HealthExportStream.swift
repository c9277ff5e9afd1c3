import Foundation
import VitalsCore
import VitalsStore

/// An Apple Health export read on a thread of its own and handed over in batches to a task, for
/// stores other than the local one (a server user's import).
///
/// The same reader, scanner and record builders as ``HealthExportImporter``: the export is
/// found (and checked) by ``init(path:options:)``, parsed after ``start()``, and each
/// ``next()`` returns the next batch of items, waiting for the parser; memory stays flat because
/// the parser waits when the consumer falls behind. A consumer that stops early calls ``stop()``.
public final class HealthExportStream: Sendable {
    /// The path given, for reports.
    public let path: String
    /// Uncompressed bytes of the export's XML (0 when unknown).
    public let size: Int64
    private let pump: ExportPump

    /// What the parser counted: bytes of XML, top-level elements read and those Vitals does not read.
    public struct Parsed: Sendable {
        public var bytes: Int64
        public var elements: [String: Int]
        public var unknownElements: [String: Int]
    }

    /// Finds the export at `path` (`export.zip`, `export.xml` or an `apple_health_export/`
    /// folder); throws `.io` when it cannot be read, `.invalidInput` when it holds no export.
    /// `options` give the progress callback and the cancellation flag, checked per chunk.
    public init(path: String, options: HealthExportImporter.Options = .init()) throws {
        let source = try ExportSource(path: path)
        self.path = path
        size = source.size
        pump = ExportPump(source: source, options: options)
    }

    /// Starts the parsing thread; calling it again does nothing.
    public func start() { pump.start() }

    /// The next batch of items, suspending (never blocking a thread) while the parser reads on;
    /// nil at the end. Rethrows what stopped the parser (a malformed file, naming the byte
    /// offset; a cancellation).
    public func next() async throws -> [HealthExportItem]? {
        guard let batch = try await pump.nextBatch() else { return nil }
        let dictionary = pump.producer.dictionary
        return batch.compactMap { item in Self.item(item, dictionary: dictionary) }
    }

    /// Stops the parser early and waits for its thread to end.
    public func stop() { pump.stop() }

    /// Tells the progress callback how many samples are stored so far.
    public func noteStored(_ count: Int) { pump.noteStored(count) }

    /// What the parser counted; complete once ``next()`` returned nil.
    public var parsed: Parsed {
        let result = pump.parsed
        return Parsed(bytes: result.bytes, elements: result.elements, unknownElements: result.unknownElements)
    }

    private static func item(_ item: ExportItem, dictionary: SampleDictionary) -> HealthExportItem? {
        switch item {
        case .sample(let sample, _): .sample(sample)
        case .row(let row, _):
            sample(row, dictionary: dictionary).map(HealthExportItem.sample)
                ?? .skipped(element: "Record", reason: ImportSkip.badUnit.reason)
        case .workout(let sample, let routes):
            .workout(
                sample, routes: routes.map { HealthExportItem.Route(points: $0.points, fileMissing: $0.fileMissing) })
        case .activitySummary(let summary): .activitySummary(summary)
        case .characteristic(let key, let value): .characteristic(identifier: key, value: value)
        case .exportDate(let date): .exportDate(date)
        case .skipped(let element, let reason): .skipped(element: element, reason: reason)
        }
    }

    /// A prepared row as a sample (its value is already canonical) with its metadata; nil when
    /// its unit cannot be read.
    private static func sample(_ row: PreparedSample, dictionary: SampleDictionary) -> Sample? {
        let type = dictionary.type(row.type)
        let content: Sample.Content
        if type.kind == .category {
            content = .category(Int(row.value))
        } else if let unit = type.canonicalUnit {
            content = .quantity(Quantity(row.value, unit))
        } else if row.unit >= 0, let unit = try? HealthUnit(parsing: dictionary.unit(row.unit)) {
            content = .quantity(Quantity(row.value, unit))
        } else {
            return nil
        }
        let source = row.source >= 0 ? dictionary.source(row.source) : Source(name: "", bundleIdentifier: "")
        // The parser wrote the metadata with MetadataJSON, which decodeMetadata reads back.
        let metadata = row.metadataJSON.flatMap(MetadataJSON.decode) ?? [:]
        return Sample(
            uuid: row.uuid, type: type, start: Date(timeIntervalSince1970: row.start),
            end: Date(timeIntervalSince1970: row.end), content: content, source: source,
            metadata: metadata, creationDate: row.created.map(Date.init(timeIntervalSince1970:)))
    }
}
