import Foundation

/// How both repositories keep an ingest log entry's lists: JSON text in a TEXT column.
package enum IngestLogColumns {
    /// A list of strings as a JSON array.
    package static func text(_ strings: [String]) -> String {
        LoggedJSON.array(strings.map(LoggedJSON.string)).text
    }

    /// The strings of a stored JSON array (none for anything else).
    package static func strings(_ text: String) -> [String] {
        guard case .array(let values) = LoggedJSON(text: text) else { return [] }
        return values.compactMap { value in
            if case .string(let string) = value { return string }
            return nil
        }
    }
}
