import VitalsCore

/// The `data` items of one metric, read one at a time: from an array already parsed, or
/// straight from the document's bytes (``HealthAutoExportReader/outline(_:_:)``), a window of
/// them at a time (``HealthAutoExportCursor``).
struct HealthAutoExportItems {
    /// How many items the metric has (all of them, not only this window's).
    let count: Int
    /// The items of an array already parsed, or nil when they come from ``stream``.
    private let items: [JSONValue]?
    /// A reader at the array's `[` (before the first item) or in it, after the item before
    /// ``index``; kept out of an enum so that reading an item mutates it in place instead of
    /// copying it.
    private var stream: JSONStreamReader?
    /// A reader at the array's `[`, for looking at the metric's first items (``first``).
    private let head: JSONStreamReader?
    private var entered: Bool
    /// Items from ``index`` on parsed ahead by ``lookAhead(_:)``, which ``next()`` hands out first.
    private var ahead: [JSONValue] = []
    private var aheadTaken = 0
    /// The index of the next item.
    private(set) var index: Int
    /// The index this window stops before.
    private let end: Int

    /// The items of an array already parsed.
    init(_ items: [JSONValue]) {
        count = items.count
        self.items = items
        stream = nil
        head = nil
        entered = false
        index = 0
        end = count
    }

    /// Items `start..<end` of the `count` items of an array whose syntax is already checked:
    /// `stream` is after item `start - 1` (at the array's `[` when `start` is 0), `head` at the `[`.
    init(stream: JSONStreamReader, head: JSONStreamReader, count: Int, from start: Int, to end: Int) {
        self.count = count
        items = nil
        self.stream = stream
        self.head = head
        entered = start > 0
        index = start
        self.end = min(end, count)
    }

    /// How many items of the window are still to come.
    var remaining: Int { end - index }

    /// Whether the metric has no items.
    var isEmpty: Bool { count == 0 }

    /// The metric's items from its first, whatever this window is (to tell how they were aggregated).
    var first: HealthAutoExportItems {
        guard let head else { return HealthAutoExportItems(items ?? []) }
        return HealthAutoExportItems(stream: head, head: head, count: count, from: 0, to: count)
    }

    /// The byte offset of the metric's `[` for items read from the bytes: the same for every
    /// window of a metric, so what is told from its first items is told once.
    var arrayOffset: Int? { head?.position.byteOffset }

    /// Where the reader is after the items read so far: nil for items already parsed.
    var position: JSONStreamReader.Position? { stream?.position }

    /// The next item of the window and its index in the array; nil after the window's last.
    mutating func next() throws(VitalsError) -> (index: Int, value: JSONValue)? {
        guard index < end else { return nil }
        defer { index += 1 }
        if let items { return (index, items[index]) }
        if aheadTaken < ahead.count {
            defer { aheadTaken += 1 }
            return (index, ahead[aheadTaken])
        }
        if !entered {
            try stream!.enterArray()
            entered = true
        }
        guard try stream!.nextElement() else { return nil }
        return (index, try stream!.readValue())
    }

    /// Up to `limit` of the window's next items, parsed now (to tell how the metric was
    /// aggregated) and handed out by ``next()`` in turn, so they are parsed once. When one does not
    /// parse, those before it are returned but not kept: ``next()`` reads them all again and
    /// reports the error where it is.
    mutating func lookAhead(_ limit: Int) -> ArraySlice<JSONValue> {
        let count = min(limit, end - index)
        if let items { return items[index..<index + max(0, count)] }
        guard stream != nil, aheadTaken == ahead.count else { return ahead[aheadTaken...] }
        ahead.removeAll(keepingCapacity: true)
        aheadTaken = 0
        let saved = stream, savedEntered = entered
        do throws(VitalsError) {
            if !entered, count > 0 {
                try stream!.enterArray()
                entered = true
            }
            while ahead.count < count, try stream!.nextElement() {
                ahead.append(try stream!.readValue())
            }
        } catch {
            // None is handed out parsed ahead: ``next()`` reads them all again, and reports the error.
            let parsed = ahead
            stream = saved
            entered = savedEntered
            ahead.removeAll()
            return parsed[...]
        }
        return ahead[...]
    }
}
