extension JSONValue {
    /// The value as compact JSON text (RFC 8259), object members in their order.
    ///
    /// For small answers on hot paths, where `JSONEncoder`'s generic machinery costs more than
    /// the rest of the work. Integral numbers up to 2^53 are written without a fraction
    /// (`3`, not `3.0`); other numbers in Swift's shortest round-trip form; NaN and infinities,
    /// which JSON cannot express, as `null`.
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            JSONText.appendNumber(value, to: &out)
        case .string(let value):
            JSONText.appendString(value, to: &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
