import Foundation

/// Reads a JSON document piece by piece from its bytes, so a large document is never held as
/// one tree.
///
/// The caller walks the structure (``enterObject()``/``nextMember()``,
/// ``enterArray()``/``nextElement()``) and materializes only the values it wants
/// (``readValue()``), skipping the rest (``skipValue()``: checked, never built). The syntax is
/// exactly ``JSONValue/parse(_:file:)``'s, and a syntax error is the same `.invalidInput` error,
/// located at the file, line, byte offset and JSON path (`data.metrics[3].data[17]`); errors
/// of the caller's own (a required member missing) carry no byte offset, which tells them apart.
///
/// The reader points into the bytes it was made for: use it (and its copies, which read on
/// independently) only inside the closure of ``read(_:file:_:)``.
public struct JSONStreamReader {
    private var parser: JSONParser
    /// The file name errors report.
    public let file: String
    /// The path to the current position, from the outermost in: member names and `[index]`s.
    private var path: [String] = []
    /// Per open array, the index of the element last entered.
    private var indices: [Int] = []
    /// Per open container, whether any member or element was read yet.
    private var started: [Bool] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) {
        parser = JSONParser(bytes)
        self.file = file
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.position = 3 }
        parser.skipWhitespace()
    }

    /// Runs `body` with a reader at the start of the document in `bytes`.
    public static func read<Result>(
        _ bytes: UnsafeRawBufferPointer, file: String,
        _ body: (inout JSONStreamReader) throws(VitalsError) -> Result
    ) throws(VitalsError) -> Result {
        var reader = JSONStreamReader(bytes.bindMemory(to: UInt8.self), file: file)
        return try body(&reader)
    }

    /// Where a reader is in its document: a value with no pointer into the bytes, kept between
    /// two reads of the same bytes (``read(_:file:from:_:)``).
    public struct Position: Sendable {
        fileprivate let offset: Int
        fileprivate let depth: Int
        fileprivate let path: [String]
        fileprivate let indices: [Int]
        fileprivate let started: [Bool]

        /// The byte offset of the next thing to read.
        public var byteOffset: Int { offset }
    }

    /// Where the reader is, to go on from there in a later ``read(_:file:from:_:)`` of the same bytes.
    public var position: Position {
        Position(offset: parser.position, depth: parser.depth, path: path, indices: indices, started: started)
    }

    /// Runs `body` with a reader at `position` of the document in `bytes`, which must be the
    /// bytes the position was taken from.
    public static func read<Result>(
        _ bytes: UnsafeRawBufferPointer, file: String, from position: Position,
        _ body: (inout JSONStreamReader) throws(VitalsError) -> Result
    ) throws(VitalsError) -> Result {
        var reader = JSONStreamReader(bytes.bindMemory(to: UInt8.self), file: file).moved(to: position)
        return try body(&reader)
    }

    /// A reader over the same bytes at `position`, taken from a reader of these bytes.
    public func moved(to position: Position) -> JSONStreamReader {
        var reader = self
        reader.parser.position = position.offset
        reader.parser.depth = position.depth
        reader.path = position.path
        reader.indices = position.indices
        reader.started = position.started
        return reader
    }

    /// Runs `body` with a reader at the start of the document `data`.
    public static func read<Result>(
        _ data: Data, file: String, _ body: (inout JSONStreamReader) throws(VitalsError) -> Result
    ) throws(VitalsError) -> Result {
        let result = data.withUnsafeBytes { raw in
            Swift.Result { () throws(VitalsError) in try read(raw, file: file, body) }
        }
        return try result.get()
    }

    /// The byte offset of the next thing to read.
    public var offset: Int { parser.position }

    /// What a value is, told by its first byte.
    public enum Kind: Sendable {
        case object, array, string, number, bool, null
    }

    /// What the next value is, without reading it; nil at the end of the input.
    public var nextKind: Kind? {
        switch parser.current {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        case nil: nil
        default: .number
        }
    }

    /// The path of the current position, as `data.metrics[3].data`; empty at the top.
    public var currentPath: String {
        var text = ""
        for component in path where !component.isEmpty {
            if !component.hasPrefix("["), !text.isEmpty { text += "." }
            text += component
        }
        return text
    }

    /// Reads the next value whole.
    public mutating func readValue() throws(VitalsError) -> JSONValue {
        let result = Result { () throws(JSONParser.SyntaxError) in try parser.value() }
        return try located(result)
    }

    /// Reads past the next value, checking its syntax without building it.
    public mutating func skipValue() throws(VitalsError) {
        // Well-formed plain JSON in one scan that builds nothing; anything else is walked, so
        // an error names its path exactly as reading the value would.
        if parser.skipPlain() { return }
        try skipWalking(tryingPlain: true)
    }

    /// Walks past the next value piece by piece; with `tryingPlain` its members or elements
    /// (not deeper values) try the scan first, so no byte is scanned more than three times.
    private mutating func skipWalking(tryingPlain: Bool) throws(VitalsError) {
        switch nextKind {
        case .object:
            try enterObject()
            while try nextMember() != nil {
                if tryingPlain, parser.skipPlain() { continue }
                try skipWalking(tryingPlain: false)
            }
        case .array:
            try enterArray()
            while try nextElement() {
                if tryingPlain, parser.skipPlain() { continue }
                try skipWalking(tryingPlain: false)
            }
        default:
            _ = try readValue()
        }
    }

    /// Enters the object that comes next; read its members with ``nextMember()``.
    public mutating func enterObject() throws(VitalsError) {
        guard parser.current == UInt8(ascii: "{") else { throw syntax("expected an object") }
        try enter()
        path.append("")
    }

    /// The name of the object's next member, positioned at its value; nil (leaving the object)
    /// after the last one.
    public mutating func nextMember() throws(VitalsError) -> String? {
        guard try advance(closing: UInt8(ascii: "}")) else {
            path.removeLast()
            return nil
        }
        guard parser.current == UInt8(ascii: "\"") else {
            throw syntax("expected a member name in quotes", inContainer: true)
        }
        let key = try located(Result { () throws(JSONParser.SyntaxError) in try parser.string() }, inContainer: true)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: ":") else {
            throw syntax("expected ':' after a member name", inContainer: true)
        }
        parser.position += 1
        parser.skipWhitespace()
        path[path.count - 1] = key
        return key
    }

    /// Enters the array that comes next; read its elements with ``nextElement()``.
    public mutating func enterArray() throws(VitalsError) {
        guard parser.current == UInt8(ascii: "[") else { throw syntax("expected an array") }
        try enter()
        path.append("[0]")
        indices.append(-1)
    }

    /// Moves to the array's next element; false (leaving the array) after the last one.
    public mutating func nextElement() throws(VitalsError) -> Bool {
        guard try advance(closing: UInt8(ascii: "]")) else {
            path.removeLast()
            indices.removeLast()
            return false
        }
        indices[indices.count - 1] += 1
        path[path.count - 1] = "[\(indices[indices.count - 1])]"
        return true
    }

    /// Checks that nothing but whitespace follows the document's value.
    public mutating func finish() throws(VitalsError) {
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw syntax("unexpected content after the JSON value") }
    }

    private mutating func enter() throws(VitalsError) {
        try located(Result { () throws(JSONParser.SyntaxError) in try parser.enter() })
        started.append(false)
        parser.skipWhitespace()
    }

    /// Past the separator before the next member or element: true when one follows, false
    /// (past `closing`) at the container's end.
    private mutating func advance(closing: UInt8) throws(VitalsError) -> Bool {
        parser.skipWhitespace()
        if started[started.count - 1] {
            switch parser.current {
            case UInt8(ascii: ","):
                parser.position += 1
                parser.skipWhitespace()
                return true
            case closing:
                return close()
            case nil: throw syntax("unexpected end of input", inContainer: true)
            default:
                throw syntax(
                    closing == UInt8(ascii: "}") ? "expected ',' or '}'" : "expected ',' or ']'",
                    inContainer: true)
            }
        }
        started[started.count - 1] = true
        if parser.current == closing { return close() }
        return true
    }

    private mutating func close() -> Bool {
        parser.position += 1
        parser.depth -= 1
        started.removeLast()
        return false
    }

    /// A syntax error here: at the value being read, or `inContainer` at the object or array
    /// around it (a separator or member name is wrong), as ``JSONValue/parse(_:file:)`` names them.
    private func syntax(_ reason: String, inContainer: Bool = false) -> VitalsError {
        JSONParser.SyntaxError(offset: parser.position, reason: reason)
            .located(in: parser.bytes, file: file, below: inContainer ? Array(path.dropLast()) : path)
    }

    private func located<Value>(
        _ result: Result<Value, JSONParser.SyntaxError>,
        inContainer: Bool = false
    ) throws(VitalsError) -> Value {
        switch result {
        case .success(let value): return value
        case .failure(let error):
            throw error.located(in: parser.bytes, file: file, below: inContainer ? Array(path.dropLast()) : path)
        }
    }
}
