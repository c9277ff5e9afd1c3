import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body: `name=value&...`, `+` as space, percent-decoded.
struct FormFields: Sendable {
    /// Fields in order; a name may repeat (the first counts).
    let fields: [(name: String, value: String)]

    /// The fields of `buffer`; undecodable pairs are dropped.
    init(_ buffer: ByteBuffer) {
        let text = buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) ?? ""
        fields = text.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { return nil }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return value.map { (name, $0) }
        }
    }

    /// The first value of `name`, trimmed; `nil` when absent or blank.
    subscript(name: String) -> String? {
        guard let value = fields.first(where: { $0.name == name })?.value.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        return value
    }

    /// Whether `name` was posted but left blank (an emptied field, as opposed to one not in the form).
    func isBlank(_ name: String) -> Bool {
        fields.contains { $0.name == name } && self[name] == nil
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
