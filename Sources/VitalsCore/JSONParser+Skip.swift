// Skipping a value without building it: the pre-pass that counts a metric's items, and
// members a reader does not want.
extension JSONParser {
    /// Reads past the next value when it is plain (ASCII strings without escapes, numbers,
    /// literals, containers of them) and well-formed, building nothing; otherwise stays where
    /// it was and returns false, for a reader that builds (and so names any error) to decide.
    ///
    /// It never accepts what ``value()`` refuses: anything it is not sure of is left to it.
    mutating func skipPlain() -> Bool {
        let start = position, startDepth = depth
        if scan() { return true }
        position = start
        depth = startDepth
        return false
    }

    /// Past a plain value (ASCII strings without escapes, numbers, literals, containers of
    /// them) and true; false where ``value()`` must decide.
    private mutating func scan() -> Bool {
        guard let byte = current else { return false }
        switch byte {
        case UInt8(ascii: "{"): return scanContainer(closing: UInt8(ascii: "}"), members: true)
        case UInt8(ascii: "["): return scanContainer(closing: UInt8(ascii: "]"), members: false)
        case UInt8(ascii: "\""): return scanString()
        case UInt8(ascii: "t"): return (try? literal("true")) != nil
        case UInt8(ascii: "f"): return (try? literal("false")) != nil
        case UInt8(ascii: "n"): return (try? literal("null")) != nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return (try? number()) != nil
        default: return false
        }
    }

    private mutating func scanContainer(closing: UInt8, members: Bool) -> Bool {
        guard (try? enter()) != nil else { return false }
        skipWhitespace()
        if current == closing {
            position += 1
            depth -= 1
            return true
        }
        while true {
            skipWhitespace()
            if members {
                guard current == UInt8(ascii: "\""), scanString() else { return false }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return false }
                position += 1
                skipWhitespace()
            }
            guard scan() else { return false }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case closing:
                position += 1
                depth -= 1
                return true
            default: return false
            }
        }
    }

    /// Past a string of printable ASCII without escapes; false at anything else.
    private mutating func scanString() -> Bool {
        position += 1
        while let byte = current {
            if byte == UInt8(ascii: "\"") {
                position += 1
                return true
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return false }
            position += 1
        }
        return false
    }
}
