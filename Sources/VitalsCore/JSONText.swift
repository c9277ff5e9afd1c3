/// The pieces of hand-written JSON text (RFC 8259) shared by ``MetadataJSON``,
/// ``JSONValue/jsonText`` and the contract's raw JSON: strings and numbers, appended as UTF-8 bytes.
public enum JSONText {
    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else as it is.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
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

    /// Appends `number`: integral values up to 2^53 without a fraction (`3`, not `3.0`), others
    /// in Swift's shortest round-trip form, NaN and infinities (which JSON cannot express) as `null`.
    public static func appendNumber(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            out.append(contentsOf: String(Int64(number)).utf8)
        } else {
            out.append(contentsOf: "\(number)".utf8)
        }
    }
}
