import VitalsCore

/// The `data` items of one metric, read one at a time: from an array already parsed, or
/// straight from the document's bytes (``HealthAutoExportReader/read(_:)``).
struct HealthAutoExportItems {
    /// How many items there are.
    let count: Int
    /// The items of an array already parsed, or nil when they come from ``stream``.
    private let items: [JSONValue]?
    /// A reader at the array's `[` (before the first item) or in it; kept out of an enum so
    /// that reading an item mutates it in place instead of copying it.
    private var stream: JSONStreamReader?
    private var entered = false
    private var index = 0

    /// The items of an array already parsed.
    init(_ items: [JSONValue]) {
        count = items.count
        self.items = items
    }

    /// The `count` items of the array `stream` is at (its syntax already checked).
    init(stream: JSONStreamReader, count: Int) {
        self.count = count
        items = nil
        self.stream = stream
    }

    /// Whether there are no items.
    var isEmpty: Bool { count == 0 }

    /// The next item and its index in the array; nil after the last.
    mutating func next() throws(VitalsError) -> (index: Int, value: JSONValue)? {
        guard index < count else { return nil }
        defer { index += 1 }
        if let items { return (index, items[index]) }
        if !entered {
            try stream!.enterArray()
            entered = true
        }
        guard try stream!.nextElement() else { return nil }
        return (index, try stream!.readValue())
    }
}
