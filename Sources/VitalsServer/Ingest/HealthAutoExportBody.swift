import Foundation
import Hummingbird
import NIOCore
import Synchronization
import VitalsCore
import VitalsImport

/// A Health Auto Export request body being read, a chunk of samples at a time.
///
/// The body is read straight from the request's bytes (``VitalsImport/HealthAutoExportCursor``)
/// and each chunk's samples go into ``items`` in the compact form the server keeps, so a backfill
/// of a year (~100 MB) never exists as a JSON tree or as a list of full samples. The first chunk
/// is read when the body is made; a body that fits in it (nearly all: a day is a few hundred
/// samples) is stored whole (``HealthService/ingest(_:for:log:)``), a larger one chunk by chunk
/// while the next is read.
struct HealthAutoExportBody: Sendable {
    /// How many bodies were stored in more than one chunk since the process started (tests
    /// check that path was taken).
    static let chunked = Atomic<Int>(0)

    private var cursor: HealthAutoExportCursor
    /// Samples per chunk (at least; a chunk ends with an item).
    let chunkSamples: Int
    /// The chunk's samples, and the workouts and days touched of every chunk read so far.
    var items: IngestedItems

    /// Reads the first chunk of `body`; throws the ``APIError`` that refuses the document whole
    /// (400 not JSON, 422 not Health Auto Export's shape or, strict, an item that cannot be read).
    init(_ body: ByteBuffer, parser: HealthAutoExportParser, calendar: Calendar, chunkSamples: Int) throws(APIError) {
        cursor = HealthAutoExportCursor(
            Data(buffer: body, byteTransferStrategy: .noCopy), file: RequestReader.label, parser: parser)
        items = IngestedItems(calendar: calendar)
        self.chunkSamples = max(chunkSamples, 1)
        _ = try readChunk()
    }

    /// Whether the whole document has been read (its last samples may still be in ``items``).
    var isRead: Bool { cursor.isFinished }

    /// What was left out; complete once ``isRead``.
    var report: HealthAutoExportBatch { cursor.report ?? HealthAutoExportBatch() }

    /// Samples taken from the cursor at a time: a chunk is gathered from these, so only a few
    /// full samples (with their metadata) exist at once besides the chunk's compact ones.
    static let pull = 1_024

    /// Replaces ``items``' samples with the next chunk's; false, with none, after the last.
    mutating func readChunk() throws(APIError) -> Bool {
        items.samples.removeAll(keepingCapacity: true)
        do {
            while items.samples.count < chunkSamples,
                let samples = try cursor.next(min(Self.pull, chunkSamples - items.samples.count))
            {
                for sample in samples { items.add(sample) }
            }
        } catch {
            throw HealthAutoExportPayload.refusal(error)
        }
        return !items.samples.isEmpty
    }

    /// The document as one payload, once it was read in its first chunk.
    var payload: HealthAutoExportPayload { HealthAutoExportPayload(items: items, report: report) }
}
