import Foundation

/// Compact JSON for metadata, written by hand: stores encode it for every sample that has
/// metadata, and `JSONSerialization` is far too slow for millions of rows.
///
/// The output has sorted keys and is exactly what `SampleJSON.decodeMetadata` reads back:
/// strings, numbers, booleans, `{"date": ISO 8601}` and `{"unit": …, "value": …}`.
public enum MetadataJSON {
    /// The JSON object text for `metadata`.
    public static func encode(_ metadata: Metadata) -> String {
        var out = [UInt8]()
        out.reserveCapacity(64 * metadata.count + 2)
        out.append(UInt8(ascii: "{"))
        let keys = metadata.count == 1 ? Array(metadata.keys) : metadata.keys.sorted()
        for (index, key) in keys.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch metadata[key]! {
            case .string(let text): JSONText.appendString(text, to: &out)
            case .number(let number): JSONText.appendNumber(number, to: &out)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .date(let date):
                out.append(contentsOf: #"{"date":"#.utf8)
                JSONText.appendString(ISO8601.format(date, in: .gmt), to: &out)
                out.append(UInt8(ascii: "}"))
            case .quantity(let quantity):
                out.append(contentsOf: #"{"unit":"#.utf8)
                JSONText.appendString(quantity.unit.unitString, to: &out)
                out.append(contentsOf: #","value":"#.utf8)
                JSONText.appendNumber(quantity.value, to: &out)
                out.append(UInt8(ascii: "}"))
            }
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
