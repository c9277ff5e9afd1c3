public import Foundation
public import VitalsCore

/// A Health Auto Export document read a chunk of samples at a time: the pull form of
/// ``HealthAutoExportParser``, for documents too large to hold as samples at once (a backfill
/// of a year is ~100 MB of JSON and a million samples).
///
/// Each call reads on from where the last one stopped until it has at least the samples asked
/// for, so memory holds one chunk of samples, never the whole document's. The document's parts
/// are found one metric ahead of the reading (``HealthAutoExportOutline``), so a document refused
/// whole for what it is (not JSON, not an object, no `data` object) may be refused by a later
/// call than the first, after samples were handed out: a caller that stores chunks as they come
/// does so in one transaction it can roll back. When a call refuses the document for any reason
/// but its syntax, the whole document's syntax is checked first, so one that is not JSON says so
/// (with the byte offset) wherever its syntax error is.
///
/// The samples, their order and UUIDs, the skip report and the unreadable items are exactly
/// those of ``HealthAutoExportParser/parse(_:file:)``, whatever the chunk size. The cursor holds
/// no pointer into the bytes between calls, so it can move between tasks.
public struct HealthAutoExportCursor: Sendable {
    private let data: Data
    private var reader: HealthAutoExportReader
    private var outline = HealthAutoExportOutline()
    /// The part being read, nil between parts.
    private var step: HealthAutoExportOutline.Step?
    /// Where the metric being read stopped: its next item's index and the reader's position.
    private var window: (index: Int, position: JSONStreamReader.Position)?
    /// What was left out: set once the document has been read to its end.
    public private(set) var report: HealthAutoExportBatch?

    /// A cursor at the start of the document `data`, read as `parser` says; errors name `file`.
    public init(_ data: Data, file: String, parser: HealthAutoExportParser) {
        self.data = data
        reader = HealthAutoExportReader(file: file, strict: parser.strict)
        reader.aggregation = parser.aggregation
        reader.calendar = parser.calendar
        reader.receivedAt = parser.receivedAt
    }

    /// Whether the document has been read to its end (``report`` is set).
    public var isFinished: Bool { report != nil }

    /// The next samples, at least `count` of them unless the document ends first (a chunk ends
    /// with an item, so it may hold a few more); nil once every sample was handed out.
    ///
    /// Throws the document refused whole (a syntax error anywhere wins, located at its byte), or,
    /// when the parser is strict, the first item that cannot be read; the cursor is then not
    /// to be used again.
    public mutating func next(_ count: Int) throws(VitalsError) -> [Sample]? {
        guard !isFinished else { return nil }
        let data = data
        let file = reader.file
        let result = data.withUnsafeBytes { raw in
            Result { () throws(VitalsError) in try read(raw, upTo: max(count, 1)) }
        }
        if case .failure(let error) = result, error.location?.byteOffset == nil {
            let check = data.withUnsafeBytes { raw in
                Result { () throws(VitalsError) in
                    try JSONStreamReader.read(raw, file: file) { (stream) throws(VitalsError) in
                        try stream.skipValue()
                        try stream.finish()
                    }
                }
            }
            try check.get()
        }
        try result.get()
        var samples: [Sample] = []
        swap(&samples, &reader.pending)
        return samples.isEmpty && isFinished ? nil : samples
    }

    /// Reads on until `count` samples wait in the reader or the document ends.
    private mutating func read(_ raw: UnsafeRawBufferPointer, upTo count: Int) throws(VitalsError) {
        let file = reader.file
        let data = try reader.root([("data", .object(JSONValue.Object()))]).object("data")
        while reader.pending.count < count {
            if step == nil {
                step = try JSONStreamReader.read(raw, file: file) { (stream) throws(VitalsError) in
                    try reader.outline(&outline, &stream)
                }
            }
            guard let current = step else { break }
            switch current {
            case .metric(let index, let members, let items?, let itemCount):
                let start = window ?? (0, items)
                let room = count - reader.pending.count
                let end = start.index + min(room, itemCount - start.index)
                reader.windowEnd = nil
                try JSONStreamReader.read(raw, file: file, from: start.position) { (stream) throws(VitalsError) in
                    let window = HealthAutoExportItems(
                        stream: stream, head: stream.moved(to: items), count: itemCount, from: start.index, to: end)
                    try reader.readMetric(members, at: index, in: data, items: window)
                }
                if let stop = reader.windowEnd, stop.index < itemCount {
                    window = stop
                } else {
                    (window, step) = (nil, nil)
                }
            case .metric(let index, let members, nil, _), .wholeMetric(let index, let members):
                try reader.readMetric(members, at: index, in: data)
                step = nil
            case .rest(let members):
                try reader.read(data: try reader.root([("data", .object(JSONValue.Object(members)))]).object("data"))
                step = nil
            }
            try reader.finishDrafts()
        }
        guard step == nil, case .end = outline.phase else { return }
        try reader.finishDrafts()
        for key in reader.root(outline.others).fields.sortedKeys {
            reader.skips.add(key, "not part of Health Auto Export's format")
        }
        report = HealthAutoExportBatch(skipped: reader.skips.all, unreadable: reader.unreadable)
    }
}
