import Foundation
import NIOCore

/// An `application/x-www-form-urlencoded` body: `name=value&...`, `+` as space, percent-decoded.
struct FormBody: Sendable {
    /// Fields in order; a name may repeat (the first counts).
    let fields: [(name: String, value: String)]

    /// The fields of `buffer`; undecodable pairs are dropped.
    init(_ buffer: ByteBuffer) {
        let text = String(buffer: buffer)
        fields = text.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { return nil }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return value.map { (name, $0) }
        }
    }

    /// The first value of `name`.
    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
