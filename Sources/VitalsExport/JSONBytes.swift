import Foundation

/// Appends JSON text to a byte buffer: what every exported line is written with, fast and in a fixed key order.
///
/// Callers write object keys in sorted order themselves, so the output is deterministic without
/// building a tree per resource.
struct JSONBytes {
    /// The text so far, UTF-8.
    var bytes: [UInt8] = []

    init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    /// Appends ASCII text as it is (punctuation, keys known to need no escaping).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text as it is.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a quoted, escaped JSON string (in one copy when nothing needs escaping, the usual case).
    mutating func string(_ text: String) {
        bytes.append(0x22)
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            bytes.append(contentsOf: utf8)
            bytes.append(0x22)
            return
        }
        for byte in utf8 {
            switch byte {
            case 0x22: bytes.append(0x5C); bytes.append(0x22)
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
            case 0x0D: bytes.append(0x5C); bytes.append(0x72)
            case 0x09: bytes.append(0x5C); bytes.append(0x74)
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    /// Appends a number: integral values without a fraction, others in Swift's shortest round-trip form.
    mutating func number(_ value: Double) {
        bytes.append(contentsOf: Self.numberText(value).utf8)
    }

    /// The text a number is written as (also the CSV's value column).
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Appends `"key":` (the key must need no escaping).
    mutating func key(_ name: StaticString) {
        bytes.append(0x22)
        raw(name)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    /// Appends a UUID in lower case (`0f0b5a1e-…`), without Foundation's formatting.
    mutating func uuid(_ uuid: UUID) {
        let hex: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: uuid.uuid) { raw in
            hex.withUTF8Buffer { digits in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(0x2D) }
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0xF)])
                }
            }
        }
    }

    /// Appends a comma.
    mutating func comma() { bytes.append(0x2C) }
}
