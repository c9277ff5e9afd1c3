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
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch metadata[key]! {
            case .string(let text): appendString(text, to: &out)
            case .number(let number): appendNumber(number, to: &out)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .date(let date):
                out.append(contentsOf: #"{"date":"#.utf8)
                appendString(ISO8601.format(date, in: .gmt), to: &out)
                out.append(UInt8(ascii: "}"))
            case .quantity(let quantity):
                out.append(contentsOf: #"{"unit":"#.utf8)
                appendString(quantity.unit.unitString, to: &out)
                out.append(contentsOf: #","value":"#.utf8)
                appendNumber(quantity.value, to: &out)
                out.append(UInt8(ascii: "}"))
            }
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendNumber(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(), abs(number) < 1e15 {
            out.append(contentsOf: String(Int64(number)).utf8)
        } else {
            out.append(contentsOf: "\(number)".utf8)
        }
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
