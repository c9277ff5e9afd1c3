import Foundation
import VitalsCore
import VitalsStore

/// An Apple Health export parsed in a child task and handed over in batches, for stores other
/// than the local one (a server user's import).
///
/// The same reader, scanner and record builders as ``HealthExportImporter``: the export is
/// found (and checked) by ``init(path:options:)`` and parsed while ``read(_:)`` runs, its body
/// taking the batches with ``next()``; memory stays flat because the parser suspends when the
/// body falls behind.
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

    /// Parses the export in a child task while `body` takes its batches with ``next()``; the
    /// parser is stopped and waited for when `body` returns or throws. Call it once.
    public func read<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        try await pump.run(isolation: isolation, body)
    }

    /// The next batch of items, suspending while the parser reads on; nil at the end. Rethrows
    /// what stopped the parser (a malformed file, naming the byte offset; a cancellation). Only
    /// inside ``read(_:)``'s body.
    public nonisolated(nonsending) func next() async throws -> [HealthExportItem]? {
        guard let batch = try await pump.next() else { return nil }
        let dictionary = pump.dictionary
        return batch.compactMap { item in Self.item(item, dictionary: dictionary) }
    }

    /// Tells the progress callback how many samples are stored so far.
    public func noteStored(_ count: Int) { pump.noteStored(count) }

    /// What the parser counted; complete once ``next()`` returned nil.
    public var parsed: Parsed {
        let result = pump.result
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
