import Foundation
import VitalsCore

/// Writes the identity keys of ``HealthAutoExportDraft`` into one reused buffer.
///
/// A key is `hae1|type|start ms|end ms|value|source`; written part by part as bytes, it costs
/// one string instead of one per part, and a whole number is written as digits instead of
/// through `Double.description` (with the same text: `72.0`).
struct HealthAutoExportKeyWriter {
    private var bytes: [UInt8] = []

    /// Starts the key of a sample of `type` over `[start, end]`, up to its value.
    mutating func start(_ type: SampleType, _ start: Date, _ end: Date) {
        bytes.removeAll(keepingCapacity: true)
        text("hae1|")
        text(type.identifier)
        bytes.append(UInt8(ascii: "|"))
        milliseconds(start)
        bytes.append(UInt8(ascii: "|"))
        milliseconds(end)
        bytes.append(UInt8(ascii: "|"))
    }

    /// Appends `text` as it is.
    mutating func text(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `value` as `Double.description` spells it (Swift's shortest round-trip spelling),
    /// or `-` for none.
    mutating func number(_ value: Double?) {
        guard let value else { return bytes.append(UInt8(ascii: "-")) }
        // Below 2^53 every whole number is exact and spelled as its digits and ".0"; -0.0 keeps its sign.
        if value.magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value,
            !(value == 0 && value.sign == .minus)
        {
            integer(Int64(value))
            text(".0")
        } else {
            text(value.description)
        }
    }

    /// Appends a value of numbers as `number(_:)` spells them, joined by `/`, then a space and `unit`.
    mutating func numbers(_ values: Double?..., unit: String) {
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            number(value)
        }
        bytes.append(UInt8(ascii: " "))
        text(unit)
    }

    /// Ends the key with its source (empty for none) and returns it.
    mutating func finish(source: String?) -> String {
        bytes.append(UInt8(ascii: "|"))
        if let source { text(source) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends whole milliseconds since 1970 as ``HealthAutoExportDraft/milliseconds(_:)`` writes them.
    private mutating func milliseconds(_ date: Date) {
        switch HealthAutoExportDraft.wholeMilliseconds(date) {
        case .whole(let whole): integer(whole)
        case .beyond(let rounded): text(rounded.description)
        }
    }

    /// Appends `value` in decimal digits, with `-` when negative.
    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits from the last, in a buffer on the stack (reversing them in `bytes` copied it).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }
}
