extension JSONValue {
    /// The value as compact JSON text (RFC 8259), object members in their order.
    ///
    /// For small answers on hot paths, where `JSONEncoder`'s generic machinery costs more than
    /// the rest of the work. Integral numbers up to 2^53 are written without a fraction
    /// (`3`, not `3.0`); other numbers in Swift's shortest round-trip form; NaN and infinities,
    /// which JSON cannot express, as `null`.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null:
            text += "null"
        case .bool(let value):
            text += value ? "true" : "false"
        case .number(let value):
            Self.write(number: value, to: &text)
        case .string(let value):
            Self.write(string: value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { text += "," }
                Self.write(string: member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func write(number: Double, to text: inout String) {
        guard number.isFinite else {
            text += "null"
            return
        }
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            text += String(Int64(number))
        } else {
            text += "\(number)"
        }
    }

    private static func write(string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
