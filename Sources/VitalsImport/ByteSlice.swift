import Foundation

/// A borrowed run of bytes (a tag name, an attribute value), valid only while its buffer is.
struct ByteSlice {
    let base: UnsafePointer<UInt8>
    let count: Int

    init(_ base: UnsafePointer<UInt8>, _ count: Int) {
        self.base = base
        self.count = count
    }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Whether the bytes spell `text`.
    @inline(__always)
    func equals(_ text: StaticString) -> Bool {
        count == text.utf8CodeUnitCount && memcmp(base, text.utf8Start, count) == 0
    }

    /// Whether the bytes start with `text`.
    func hasPrefix(_ text: StaticString) -> Bool {
        count >= text.utf8CodeUnitCount && memcmp(base, text.utf8Start, text.utf8CodeUnitCount) == 0
    }

    /// The slice without leading and trailing ASCII whitespace.
    var trimmed: ByteSlice {
        var start = 0, end = count
        func space(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }
        while start < end, space(base[start]) { start += 1 }
        while end > start, space(base[end - 1]) { end -= 1 }
        return ByteSlice(base + start, end - start)
    }

    /// The bytes as a String (invalid UTF-8 repaired).
    var string: String { String(decoding: buffer, as: UTF8.self) }

    /// The bytes as a Double, or nil unless they are a plain decimal number.
    var double: Double? {
        // strtod needs a terminator; numbers in exports are short, so copy onto the stack.
        guard count > 0, count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { scratch -> Double? in
            for index in 0..<count { scratch[index] = CChar(bitPattern: base[index]) }
            scratch[count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(scratch.baseAddress!, &end)
            guard let end, end - scratch.baseAddress! == count, value.isFinite else { return nil }
            return value
        }
    }
}

/// The attributes of the tag being scanned: positions into the scanner's buffer.
struct XMLAttributes {
    private var base: UnsafePointer<UInt8>?
    private var spans: [(Int, Int, Int, Int)] = []

    init() { spans.reserveCapacity(16) }

    mutating func reset(_ base: UnsafePointer<UInt8>) {
        self.base = base
        spans.removeAll(keepingCapacity: true)
    }

    mutating func append(_ nameStart: Int, _ nameEnd: Int, _ valueStart: Int, _ valueEnd: Int) {
        spans.append((nameStart, nameEnd, valueStart, valueEnd))
    }

    var count: Int { spans.count }

    /// The name of attribute `index`.
    func name(at index: Int) -> ByteSlice {
        ByteSlice(base! + spans[index].0, spans[index].1 - spans[index].0)
    }

    /// The raw (undecoded) value of attribute `index`.
    func rawValue(at index: Int) -> ByteSlice {
        ByteSlice(base! + spans[index].2, spans[index].3 - spans[index].2)
    }

    /// The raw value of the attribute called `name`, if present.
    func raw(_ name: StaticString) -> ByteSlice? {
        for index in spans.indices where self.name(at: index).equals(name) { return rawValue(at: index) }
        return nil
    }

    /// The decoded value of the attribute called `name`, if present.
    func string(_ name: StaticString) -> String? {
        raw(name).map(XMLAttributes.decode)
    }

    /// Decodes the predefined entities and character references; anything else (a custom
    /// entity) is kept literally, never expanded.
    static func decode(_ slice: ByteSlice) -> String {
        guard memchr(slice.base, Int32(UInt8(ascii: "&")), slice.count) != nil else { return slice.string }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var i = 0
        while i < slice.count {
            let c = slice.base[i]
            guard c == UInt8(ascii: "&"),
                let semicolon = (i + 1..<min(slice.count, i + 12)).first(where: { slice.base[$0] == UInt8(ascii: ";") })
            else {
                out.append(c)
                i += 1
                continue
            }
            let entity = ByteSlice(slice.base + i + 1, semicolon - i - 1)
            if let replacement = predefined(entity) {
                out.append(contentsOf: replacement)
            } else {
                out.append(contentsOf: UnsafeBufferPointer(start: slice.base + i, count: semicolon - i + 1))
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func predefined(_ entity: ByteSlice) -> [UInt8]? {
        if entity.equals("lt") { return [UInt8(ascii: "<")] }
        if entity.equals("gt") { return [UInt8(ascii: ">")] }
        if entity.equals("amp") { return [UInt8(ascii: "&")] }
        if entity.equals("quot") { return [UInt8(ascii: "\"")] }
        if entity.equals("apos") { return [UInt8(ascii: "'")] }
        guard entity.count > 1, entity.base[0] == UInt8(ascii: "#") else { return nil }
        let hex = entity.base[1] == UInt8(ascii: "x") || entity.base[1] == UInt8(ascii: "X")
        let digits = ByteSlice(entity.base + (hex ? 2 : 1), entity.count - (hex ? 2 : 1))
        guard digits.count > 0, let code = UInt32(digits.string, radix: hex ? 16 : 10),
            let scalar = Unicode.Scalar(code)
        else { return nil }
        return Array(String(Character(scalar)).utf8)
    }
}
