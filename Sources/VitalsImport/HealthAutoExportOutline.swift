import VitalsCore

/// The parts of a Health Auto Export document in the order they are read, found one at a time
/// by a pass over its bytes that checks their syntax but reads no metric's items
/// (``HealthAutoExportReader/outline(_:_:)``).
///
/// The pass goes one metric ahead of the reading at most: a metric's items are counted (their
/// syntax checked) when the metric is reached, so memory and time up front stay those of one
/// metric, and a syntax error further on is found when the reading gets there.
struct HealthAutoExportOutline: Sendable {
    /// One part, read by ``HealthAutoExportCursor`` in turn.
    enum Step: Sendable {
        /// Metric `index` of `data.metrics`: its members, with `data` as `[]` when it is an array
        /// whose `count` items start at `items` (the array's `[`), or as sent when it is not.
        case metric(index: Int, members: JSONValue, items: JSONStreamReader.Position?, count: Int)
        /// Metric `index` given as something other than an object (reported, read whole).
        case wholeMetric(index: Int, JSONValue)
        /// The members of a `data` object other than a `metrics` array.
        case rest([(key: String, value: JSONValue)])
    }

    /// Where the pass is.
    enum Phase: Sendable {
        /// Before the document.
        case start
        /// In the root object, between members.
        case root
        /// In a `data` object, between members, with those read so far (not `metrics`).
        case data([(key: String, value: JSONValue)])
        /// In a `metrics` array of a `data` object, before element `index`.
        case metrics(index: Int, members: [(key: String, value: JSONValue)])
        /// After the document.
        case end
    }

    var phase = Phase.start
    /// The reader's position in the document, when the pass has begun.
    var position: JSONStreamReader.Position?
    /// The root's members other than `data`.
    var others: [(key: String, value: JSONValue)] = []
    var sawData = false
}

extension HealthAutoExportReader {
    /// The document's next part, from where `outline` stopped; nil at its end, when the names of
    /// the root's other members are in `outline.others`. Refuses a document that is not an
    /// object or has no `data` object, and throws the syntax errors it meets.
    func outline(
        _ outline: inout HealthAutoExportOutline, _ stream: inout JSONStreamReader
    ) throws(VitalsError) -> HealthAutoExportOutline.Step? {
        if let position = outline.position { stream = stream.moved(to: position) }
        defer { outline.position = stream.position }
        while true {
            switch outline.phase {
            case .start:
                guard stream.nextKind == .object else {
                    throw VitalsError(
                        .invalidInput, "the document is not a JSON object", at: InputLocation(file: file))
                }
                try stream.enterObject()
                outline.phase = .root
            case .root:
                guard let key = try stream.nextMember() else {
                    try stream.finish()
                    if !outline.sawData { _ = try root([]).object("data") }
                    outline.phase = .end
                    return nil
                }
                guard key == "data", stream.nextKind == .object else {
                    if key == "data" {
                        // Not an object: the root reader names what it is.
                        _ = try root([(key, try stream.readValue())]).object("data")
                    }
                    outline.others.append((key, .null))
                    try stream.skipValue()
                    continue
                }
                outline.sawData = true
                try stream.enterObject()
                outline.phase = .data([])
            case .data(var members):
                guard let key = try stream.nextMember() else {
                    outline.phase = .root
                    return .rest(members)
                }
                if key == "metrics", stream.nextKind == .array {
                    members.removeAll { $0.key == "metrics" }
                    try stream.enterArray()
                    outline.phase = .metrics(index: 0, members: members)
                } else {
                    members.append((key, try stream.readValue()))
                    outline.phase = .data(members)
                }
            case .metrics(let index, let members):
                guard try stream.nextElement() else {
                    outline.phase = .data(members)
                    continue
                }
                outline.phase = .metrics(index: index + 1, members: members)
                return try outlineMetric(&stream, at: index)
            case .end:
                return nil
            }
        }
    }

    /// Outlines metric `index` at `stream`: its members but `data` read whole, its `data` items
    /// counted (their syntax checked) and located.
    private func outlineMetric(
        _ stream: inout JSONStreamReader, at index: Int
    ) throws(VitalsError) -> HealthAutoExportOutline.Step {
        guard stream.nextKind == .object else { return .wholeMetric(index: index, try stream.readValue()) }
        var members: [(key: String, value: JSONValue)] = []
        var items: JSONStreamReader.Position?
        var count = 0
        try stream.enterObject()
        while let key = try stream.nextMember() {
            guard key == "data", stream.nextKind == .array else {
                if key == "data" { (items, count) = (nil, 0) }
                members.append((key, try stream.readValue()))
                continue
            }
            items = stream.position
            count = 0
            try stream.enterArray()
            while try stream.nextElement() {
                try stream.skipValue()
                count += 1
            }
            members.append((key, .array([])))
        }
        return .metric(index: index, members: .object(JSONValue.Object(members)), items: items, count: count)
    }
}
