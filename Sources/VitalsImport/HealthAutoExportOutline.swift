import VitalsCore

/// The parts of a Health Auto Export document in the order they are read, found in one pass
/// over its bytes that checks the syntax throughout but reads no metric's items
/// (``HealthAutoExportReader/readOutline(_:)``).
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

    /// The parts, in document order.
    var steps: [Step] = []
    /// The names of the root's members other than `data`, reported at the end.
    var others: [String] = []
}

extension HealthAutoExportReader {
    /// Outlines the document at `stream`; refuses it when it is not an object or has no `data`
    /// object, and throws the first syntax error (the caller tells the two apart).
    func readOutline(_ stream: inout JSONStreamReader) throws(VitalsError) -> HealthAutoExportOutline {
        guard stream.nextKind == .object else {
            throw VitalsError(.invalidInput, "the document is not a JSON object", at: InputLocation(file: file))
        }
        var outline = HealthAutoExportOutline()
        try stream.enterObject()
        var others: [(key: String, value: JSONValue)] = []
        var sawData = false
        while let key = try stream.nextMember() {
            guard key == "data", stream.nextKind == .object else {
                if key == "data" {
                    // Not an object: the root reader names what it is.
                    _ = try root([(key, try stream.readValue())]).object("data")
                }
                others.append((key, .null))
                try stream.skipValue()
                continue
            }
            sawData = true
            try outlineData(&stream, into: &outline)
        }
        try stream.finish()
        if !sawData { _ = try root([]).object("data") }
        outline.others = root(others).fields.sortedKeys
        return outline
    }

    /// Outlines the `data` object at `stream`: each metric of `metrics` as it comes, the other
    /// members read whole.
    private func outlineData(
        _ stream: inout JSONStreamReader, into outline: inout HealthAutoExportOutline
    ) throws(VitalsError) {
        var members: [(key: String, value: JSONValue)] = []
        try stream.enterObject()
        while let key = try stream.nextMember() {
            guard key == "metrics", stream.nextKind == .array else {
                members.append((key, try stream.readValue()))
                continue
            }
            members.removeAll { $0.key == "metrics" }
            try stream.enterArray()
            var index = 0
            while try stream.nextElement() {
                outline.steps.append(try outlineMetric(&stream, at: index))
                index += 1
            }
        }
        outline.steps.append(.rest(members))
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
