import Foundation
import VitalsCore
import VitalsImport

/// A whole Health Auto Export document as the server stores it: its samples in the compact form
/// the server keeps, and the parse's report.
struct HealthAutoExportPayload: Sendable {
    /// The samples and workouts to store, and the days they touch.
    var items: IngestedItems
    /// What was left out (skipped parts, unreadable items); its samples are in ``items``.
    var report: HealthAutoExportBatch

    /// The answer to a document refused whole: 400 for a syntax error (only those carry a byte
    /// offset), else 422.
    static func refusal(_ error: VitalsError) -> APIError {
        error.location?.byteOffset != nil ? APIError.malformed(error) : APIError.unprocessable(error)
    }
}
