import Foundation
import VitalsCore

/// An activity summary's stored text: its `Codable` JSON with sorted keys, as the local store's
/// `activity_summaries.details` holds it.
package enum ActivitySummaryJSON {
    /// The JSON text of `summary`.
    package static func encode(_ summary: ActivitySummary) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(summary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The summary of a stored text; nil for text this version cannot read.
    package static func decode(_ text: String) -> ActivitySummary? {
        try? JSONDecoder().decode(ActivitySummary.self, from: Data(text.utf8))
    }

    /// The `YYYY-MM-DD` bounds of `days` for a byte-wise text comparison (open when nil).
    package static func bounds(_ days: ClosedRange<LocalDate>?) -> (first: String, last: String) {
        (days?.lowerBound.description ?? "", days?.upperBound.description ?? "9999-12-31")
    }
}
