import Foundation

/// A strict RFC 8259 JSON reader over UTF-8 bytes, for documents that may come from the network.
///
/// It accepts exactly JSON (one value, optionally after a UTF-8 byte order mark), rejects
/// invalid UTF-8, control characters in strings, lone surrogates and nesting deeper than
/// ``maximumDepth``, and reports a syntax error with its byte offset, line and JSON path.
/// Messages describe the syntax, never the content.
struct JSONParser {
    /// How deep arrays and objects may nest; the app's documents need five levels.
    static let maximumDepth = 128

    /// A syntax error at a byte offset.
    struct SyntaxError: Error {
        let offset: Int
        let reason: String
        /// Path components from the innermost out (`[3]`, `metrics`, `data`), added while unwinding.
        var reversedPath: [String] = []

        /// The error, seen from the enclosing member `key` or array element `index`.
        func inside(_ component: String) -> SyntaxError {
            var error = self
            error.reversedPath.append(component)
            return error
        }

        /// The error as a `VitalsError` at its line and byte offset of `bytes` (the whole
        /// document) in `file`, below the path `outer` (components from the outermost in).
        func located(in bytes: UnsafeBufferPointer<UInt8>, file: String, below outer: [String] = []) -> VitalsError {
            let line = bytes.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            return VitalsError(
                .invalidInput, "the document is not valid JSON: \(reason)",
                at: InputLocation(
                    file: file, line: line, byteOffset: Int64(offset),
                    field: path(below: outer)))
        }

        /// The path where parsing stopped, as `data.metrics[3].units`; nil at the top level.
        func path(below outer: [String] = []) -> String? {
            let components = (outer + reversedPath.reversed()).filter { !$0.isEmpty }
            guard !components.isEmpty else { return nil }
            var text = ""
            for component in components {
                if !component.hasPrefix("["), !text.isEmpty { text += "." }
                text += component
            }
            return text
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The JSON value `data` holds.
    ///
    /// - Throws: `.invalidInput` located at the file, line and byte offset of the first error.
    static func parse(_ data: Data, file: String) throws(VitalsError) -> JSONValue {
        let result = data.withUnsafeBytes { raw -> Result<JSONValue, SyntaxError> in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self))
            return Result { () throws(SyntaxError) in try parser.document() }
        }
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            throw data.withUnsafeBytes { raw in error.located(in: raw.bindMemory(to: UInt8.self), file: file) }
        }
    }

    func fail(_ reason: String) -> SyntaxError { SyntaxError(offset: position, reason: reason) }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func document() throws(SyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected content after the JSON value") }
        return value
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    mutating func value() throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw fail("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw fail("unexpected end of input") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw fail("unexpected character")
        }
        position += count
    }

    mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
        position += 1
    }

    private mutating func object() throws(SyntaxError) -> JSONValue.Object {
        try enter()
        defer { depth -= 1 }
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return JSONValue.Object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            do {
                members.append((key, try value()))
            } catch {
                throw error.inside(key)
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return JSONValue.Object(members)
            case nil: throw fail("unexpected end of input")
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return elements }
        while true {
            skipWhitespace()
            do {
                elements.append(try value())
            } catch {
                throw error.inside("[\(elements.count)]")
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return elements
            case nil: throw fail("unexpected end of input")
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    mutating func string() throws(SyntaxError) -> String {
        position += 1
        let start = position
        var ascii = true
        while let byte = current {
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw SyntaxError(offset: start, reason: "a string is not valid UTF-8")
                }
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw fail("a control character in a string must be escaped") }
            position += 1
        }
        throw fail("unexpected end of input in a string")
    }

    /// The rest of a string that holds escapes, `start` being its first byte after the quote.
    private mutating func escapedString(from start: Int) throws(SyntaxError) -> String {
        var buffer = Array(bytes[start..<position])
        while let byte = current {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw SyntaxError(offset: start, reason: "a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard let escape = current else { break }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): buffer.append(contentsOf: String(try unicodeEscape()).utf8)
                default: throw fail("an invalid escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw fail("a control character in a string must be escaped") }
                buffer.append(byte)
            }
        }
        throw fail("unexpected end of input in a string")
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair.
    private mutating func unicodeEscape() throws(SyntaxError) -> Character {
        let first = try hex4()
        var scalar = first
        if (0xD800...0xDBFF).contains(first) {
            let pairFollows =
                current == UInt8(ascii: "\\") && position + 1 < bytes.count
                && bytes[position + 1] == UInt8(ascii: "u")
            guard pairFollows else {
                throw fail("a lone surrogate in a string")
            }
            position += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw fail("a lone surrogate in a string") }
            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let value = Unicode.Scalar(scalar) else { throw fail("a lone surrogate in a string") }
        return Character(value)
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("unexpected end of input in a string") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("an invalid \\u escape in a string")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    mutating func number() throws(SyntaxError) -> Double {
        let start = position
        let negative = current == UInt8(ascii: "-")
        if negative { position += 1 }
        var integer: UInt64 = 0, digits = 0
        if current == UInt8(ascii: "0") {
            position += 1
            digits = 1
        } else {
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                integer = integer &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
        }
        guard digits > 0 else { throw fail("a number is not valid") }
        var plain = digits <= 15
        if current == UInt8(ascii: ".") {
            position += 1
            plain = false
            try requireDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            plain = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            try requireDigits()
        }
        if plain { return negative ? -Double(integer) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw SyntaxError(offset: start, reason: "a number is not valid") }
        return value
    }

    private mutating func requireDigits() throws(SyntaxError) {
        let start = position
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        guard position > start else { throw fail("a number is not valid") }
    }
}
