import Foundation
import NIOCore
import VitalsCore
import VitalsImport

/// A Health Auto Export body read for the server: what it stores, and the parse's report.
///
/// The body is read straight from the request's bytes (``JSONStreamReader``), item by item, and
/// each sample goes at once into ``items`` in the compact form the server keeps, so a backfill
/// of a year (~100 MB) never exists as a JSON tree or as a list of full samples.
struct HealthAutoExportPayload: Sendable {
    /// The samples and workouts to store, and the days they touch.
    var items: IngestedItems
    /// What was left out (skipped parts, unreadable items); its samples are in ``items``.
    var report: HealthAutoExportBatch
    /// How many samples the document had (correlations counted once).
    var samplesRead = 0

    /// Reads `body`: 400 for a body that is not JSON (with the byte offset), 422 for one that is
    /// not Health Auto Export's shape (no `data` object) or, when the parser is strict, has an item that
    /// cannot be read (naming it), else the payload with unreadable items reported in ``report``,
    /// even when nothing could be read.
    static func read(
        _ body: ByteBuffer, parser: HealthAutoExportParser, calendar: Calendar
    ) throws(APIError)
        -> HealthAutoExportPayload
    {
        try parse(body, parser: parser, calendar: calendar).mapError(refusal).get()
    }

    /// Parses `body` into a payload: each sample goes into ``items`` as it is read, then
    /// `added` sees the payload (and may hand its samples on); a document refused whole fails.
    static func parse(
        _ body: ByteBuffer, parser: HealthAutoExportParser, calendar: Calendar,
        added: (inout HealthAutoExportPayload) -> Void = { _ in }
    )
        -> Result<HealthAutoExportPayload, VitalsError>
    {
        var payload = HealthAutoExportPayload(items: IngestedItems(calendar: calendar), report: HealthAutoExportBatch())
        let result = body.withUnsafeReadableBytes { raw in
            Result { () throws(VitalsError) in
                try JSONStreamReader.read(raw, file: RequestReader.label) { (stream) throws(VitalsError) in
                    try parser.parse(&stream) { sample in
                        payload.items.add(sample)
                        payload.samplesRead += 1
                        added(&payload)
                    }
                }
            }
        }
        return result.map { report in
            payload.report = report
            return payload
        }
    }

    /// The answer to a document refused whole: 400 for a syntax error (only those carry a byte
    /// offset), else 422.
    static func refusal(_ error: VitalsError) -> APIError {
        error.location?.byteOffset != nil ? APIError.malformed(error) : APIError.unprocessable(error)
    }
}
