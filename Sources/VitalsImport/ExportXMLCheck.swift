public import Foundation
import VitalsCore

/// Reads an Apple Health export's XML held in memory through the importer's scanner and document
/// handler, storing nothing: what the fuzzer (`vitals-fuzz xml`) and its regression tests drive.
///
/// The bytes are fed in chunks of `chunkSize`, as the importer feeds a file or a zip entry, so
/// tags split across chunks take the same path they take in a real import. Route files named by
/// workouts are not read (there is no export folder).
public enum ExportXMLCheck {
    /// What the document handler produced.
    public struct Summary: Sendable, Equatable {
        /// Items handed on: samples, prepared rows, workouts, summaries, characteristics, dates, skips.
        public var items = 0
        /// Items skipped, with the reason (element and reason, as the import report counts them).
        public var skipped = 0
        /// Top-level elements read, by name.
        public var elements: [String: Int] = [:]
        /// Top-level elements Vitals does not read, by name.
        public var unknownElements: [String: Int] = [:]
    }

    /// Scans `bytes` fed in chunks of `chunkSize` bytes (at least 1) and runs the export's document handler.
    ///
    /// - Throws: the importer's `.invalidInput` error for a malformed document, located at the byte offset.
    public static func read(_ bytes: UnsafeRawBufferPointer, chunkSize: Int = 1 << 20) throws -> Summary {
        var summary = Summary()
        let handler = ExportDocumentHandler { item in
            summary.items += 1
            if case .skipped = item { summary.skipped += 1 }
        }
        var scanner = XMLByteScanner(handler: handler)
        let step = max(1, chunkSize)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + step)
            try scanner.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
        try scanner.finish()
        summary.elements = scanner.handler.elementCounts
        summary.unknownElements = scanner.handler.unknownElements
        return summary
    }

    /// Scans the document `data`; see ``read(_:chunkSize:)``.
    public static func read(_ data: Data, chunkSize: Int = 1 << 20) throws -> Summary {
        try data.withUnsafeBytes { try read($0, chunkSize: chunkSize) }
    }
}
