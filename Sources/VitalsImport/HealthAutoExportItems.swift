import VitalsCore

/// The `data` items of one metric, read one at a time: from an array already parsed, or
/// straight from the document's bytes (``HealthAutoExportReader/read(_:)``).
struct HealthAutoExportItems {
    /// How many items there are.
    let count: Int
    private var source: Source
    private var index = 0

    private enum Source {
        case array([JSONValue])
        /// A reader at the array's `[`, and whether it has entered it.
        case stream(JSONStreamReader, entered: Bool)
    }

    /// The items of an array already parsed.
    init(_ items: [JSONValue]) {
        count = items.count
        source = .array(items)
    }

    /// The `count` items of the array `stream` is at (its syntax already checked).
    init(stream: JSONStreamReader, count: Int) {
        self.count = count
        source = .stream(stream, entered: false)
    }

    /// Whether there are no items.
    var isEmpty: Bool { count == 0 }

    /// The next item and its index in the array; nil after the last.
    mutating func next() throws(VitalsError) -> (index: Int, value: JSONValue)? {
        guard index < count else { return nil }
        defer { index += 1 }
        switch source {
        case .array(let items):
            return (index, items[index])
        case .stream(var stream, let entered):
            if !entered { try stream.enterArray() }
            guard try stream.nextElement() else { return nil }
            let value = try stream.readValue()
            source = .stream(stream, entered: true)
            return (index, value)
        }
    }
}
