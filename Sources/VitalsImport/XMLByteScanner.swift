import Foundation
import VitalsCore

/// Receives the elements an `XMLByteScanner` finds.
///
/// Slices passed in point into the scanner's buffer and are valid only during the call.
protocol XMLHandler {
    /// An element starts (`selfClosing` when written `<Name ... />`, which gets no `end` call).
    mutating func start(_ name: ByteSlice, _ attributes: XMLAttributes, selfClosing: Bool, offset: Int64) throws
    /// An element ends.
    mutating func end(_ name: ByteSlice, offset: Int64) throws
    /// Whether `text` should be called with character data between tags.
    static var wantsText: Bool { get }
    /// Character data between two tags (raw, entities not decoded).
    mutating func text(_ bytes: ByteSlice) throws
}

extension XMLHandler {
    static var wantsText: Bool { false }
    mutating func text(_ bytes: ByteSlice) throws {}
}

/// A push-model XML tokenizer for one document shape: Apple Health exports and GPX.
///
/// Feed it chunks as they arrive (from a file or a zip entry); it calls the handler for each
/// start and end tag and keeps only the bytes of an unfinished tag between chunks, so memory
/// stays bounded whatever the file size. Text content, comments and processing instructions are
/// skipped. The DTD is cut out without being read: no entity is ever defined, expanded or
/// fetched, so billion-laughs and external-entity documents cost nothing. Characters XML
/// forbids (U+000B and friends) are passed through untouched.
struct XMLByteScanner<Handler: XMLHandler> {
    var handler: Handler
    /// Bytes received but not yet scanned (an unfinished tag at most, between feeds).
    private var pending: [UInt8] = []
    /// Bytes of the document before `pending[0]`.
    private(set) var consumed: Int64 = 0
    private var attributes = XMLAttributes()
    private var sawRoot = false
    private var depth = 0
    /// The largest single tag (or DTD) accepted; anything longer is malformed, not buffered forever.
    static var maximumTokenBytes: Int { 64 << 20 }

    init(handler: Handler) {
        self.handler = handler
        pending.reserveCapacity(1 << 20)
    }

    /// Scans a chunk; tags split across chunks are completed by the next feed.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        if pending.isEmpty {
            let used = try scan(
                UnsafeBufferPointer(
                    start: chunk.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    count: chunk.count))
            if used < chunk.count { pending.append(contentsOf: chunk[used...]) }
            consumed += Int64(used)
        } else {
            pending.append(contentsOf: chunk)
            let used = try pending.withUnsafeBufferPointer { try scan($0) }
            pending.removeFirst(used)
            consumed += Int64(used)
        }
        if pending.count > Self.maximumTokenBytes {
            throw VitalsError(
                .invalidInput, "a single tag is longer than \(Self.maximumTokenBytes >> 20) MB; the XML is malformed",
                at: InputLocation(byteOffset: consumed))
        }
    }

    /// Ends the document: anything left over, or elements still open, is an error.
    mutating func finish() throws {
        if pending.contains(where: { $0 == UInt8(ascii: "<") }) {
            throw VitalsError(
                .invalidInput, "the document ends inside a tag (truncated?)", at: InputLocation(byteOffset: consumed))
        }
        if depth > 0 || !sawRoot {
            throw VitalsError(
                .invalidInput,
                sawRoot
                    ? "the document ends before its root element is closed (truncated?)"
                    : "the document has no root element",
                at: InputLocation(byteOffset: consumed + Int64(pending.count)))
        }
    }

    /// Scans whole tokens from `bytes`; returns how many bytes were used.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var position = 0
        while position < count {
            guard let lt = find(UInt8(ascii: "<"), base, from: position, to: count) else {
                return Handler.wantsText ? position : count
            }
            guard lt + 1 < count else { return lt }
            if Handler.wantsText, lt > position { try handler.text(ByteSlice(base + position, lt - position)) }
            let offset = consumed + Int64(lt)
            switch base[lt + 1] {
            case UInt8(ascii: "?"):
                guard let end = findPair(UInt8(ascii: "?"), UInt8(ascii: ">"), base, from: lt + 2, to: count) else {
                    return lt
                }
                position = end + 2
            case UInt8(ascii: "!"):
                guard let end = try skipDeclaration(base, from: lt, to: count, offset: offset) else { return lt }
                position = end
            case UInt8(ascii: "/"):
                guard let gt = find(UInt8(ascii: ">"), base, from: lt + 2, to: count) else { return lt }
                var nameEnd = gt
                while nameEnd > lt + 2, isSpace(base[nameEnd - 1]) { nameEnd -= 1 }
                depth -= 1
                guard depth >= 0 else {
                    throw VitalsError(
                        .invalidInput, "a closing tag has no matching opening tag",
                        at: InputLocation(byteOffset: offset))
                }
                try handler.end(ByteSlice(base + lt + 2, nameEnd - lt - 2), offset: offset)
                position = gt + 1
            default:
                guard let end = try parseStartTag(base, from: lt, to: count, offset: offset) else { return lt }
                position = end
            }
        }
        return count
    }

    /// Parses `<Name a="v" ...>` or `.../>` at `lt`; returns the index after it, or nil if incomplete.
    private mutating func parseStartTag(
        _ base: UnsafePointer<UInt8>, from lt: Int, to count: Int, offset: Int64
    ) throws -> Int? {
        var i = lt + 1
        while i < count, !isSpace(base[i]), base[i] != UInt8(ascii: ">"), base[i] != UInt8(ascii: "/") { i += 1 }
        guard i < count else { return nil }
        let name = ByteSlice(base + lt + 1, i - lt - 1)
        guard name.count > 0 else {
            throw VitalsError(.invalidInput, "a '<' does not start a tag", at: InputLocation(byteOffset: offset))
        }
        attributes.reset(base)
        while true {
            while i < count, isSpace(base[i]) { i += 1 }
            guard i < count else { return nil }
            let c = base[i]
            if c == UInt8(ascii: ">") {
                try open(name, selfClosing: false, offset: offset)
                return i + 1
            }
            if c == UInt8(ascii: "/") {
                guard i + 1 < count else { return nil }
                guard base[i + 1] == UInt8(ascii: ">") else {
                    throw VitalsError(
                        .invalidInput, "'/' inside a tag is not followed by '>'", at: InputLocation(byteOffset: offset))
                }
                try open(name, selfClosing: true, offset: offset)
                return i + 2
            }
            let nameStart = i
            while i < count, base[i] != UInt8(ascii: "="), !isSpace(base[i]), base[i] != UInt8(ascii: ">") { i += 1 }
            let nameEnd = i
            while i < count, isSpace(base[i]) { i += 1 }
            guard i < count else { return nil }
            guard base[i] == UInt8(ascii: "=") else {
                throw VitalsError(.invalidInput, "an attribute has no value", at: InputLocation(byteOffset: offset))
            }
            i += 1
            while i < count, isSpace(base[i]) { i += 1 }
            guard i < count else { return nil }
            let quote = base[i]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw VitalsError(
                    .invalidInput, "an attribute value is not quoted", at: InputLocation(byteOffset: offset))
            }
            guard let close = find(quote, base, from: i + 1, to: count) else { return nil }
            attributes.append(nameStart, nameEnd, i + 1, close)
            i = close + 1
        }
    }

    private mutating func open(_ name: ByteSlice, selfClosing: Bool, offset: Int64) throws {
        if depth == 0 {
            guard !sawRoot else {
                throw VitalsError(
                    .invalidInput, "content after the root element", at: InputLocation(byteOffset: offset))
            }
            sawRoot = true
        }
        if !selfClosing { depth += 1 }
        try handler.start(name, attributes, selfClosing: selfClosing, offset: offset)
    }

    /// Skips `<!-- -->`, `<![CDATA[ ]]>` and `<!DOCTYPE ...>` (with its internal subset) at `lt`.
    private func skipDeclaration(
        _ base: UnsafePointer<UInt8>, from lt: Int, to count: Int, offset: Int64
    ) throws -> Int? {
        func startsWith(_ text: StaticString, at index: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= count else { return false }
            return memcmp(base + index, text.utf8Start, length) == 0
        }
        guard lt + 9 <= count else { return nil }
        if startsWith("<!--", at: lt) { return skip(past: (0x2D, 0x2D, 0x3E), base, from: lt + 4, to: count) }
        if startsWith("<![CDATA[", at: lt) { return skip(past: (0x5D, 0x5D, 0x3E), base, from: lt + 9, to: count) }
        guard startsWith("<!DOCTYPE", at: lt) else {
            throw VitalsError(.invalidInput, "unknown '<!' declaration", at: InputLocation(byteOffset: offset))
        }
        // Cut the DTD out: skip quoted strings and comments, track the internal subset's brackets.
        var i = lt + 9
        var inSubset = false
        while i < count {
            let c = base[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let close = find(c, base, from: i + 1, to: count) else { return nil }
                i = close + 1
                continue
            }
            if inSubset, c == UInt8(ascii: "<"), startsWith("<!--", at: i) {
                guard let end = skip(past: (0x2D, 0x2D, 0x3E), base, from: i + 4, to: count) else { return nil }
                i = end
                continue
            }
            if c == UInt8(ascii: "[") { inSubset = true }
            if c == UInt8(ascii: "]") { inSubset = false }
            if c == UInt8(ascii: ">"), !inSubset { return i + 1 }
            i += 1
        }
        return nil
    }

    /// The index just after the first `terminator` (`-->`, `]]>`) from `start`, or nil if not yet in the buffer.
    private func skip(
        past terminator: (UInt8, UInt8, UInt8), _ base: UnsafePointer<UInt8>, from start: Int,
        to count: Int
    ) -> Int? {
        var i = start
        while let hit = find(terminator.0, base, from: i, to: count) {
            if hit + 2 >= count { return nil }
            if base[hit + 1] == terminator.1, base[hit + 2] == terminator.2 { return hit + 3 }
            i = hit + 1
        }
        return nil
    }

    @inline(__always)
    private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

    @inline(__always)
    private func find(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from start: Int, to count: Int) -> Int? {
        guard start < count, let hit = memchr(base + start, Int32(byte), count - start) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    private func findPair(
        _ first: UInt8, _ second: UInt8, _ base: UnsafePointer<UInt8>, from start: Int, to count: Int
    ) -> Int? {
        var i = start
        while let hit = find(first, base, from: i, to: count) {
            guard hit + 1 < count else { return nil }
            if base[hit + 1] == second { return hit }
            i = hit + 1
        }
        return nil
    }
}
