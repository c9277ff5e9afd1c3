import Foundation
import MCP
import VitalsCore

extension HealthToolbox {
    /// The most samples one page holds.
    static let maximumPage = 1_000

    /// `samples`: the stored samples themselves, a page at a time.
    static let samplesTool = HealthTool(
        name: "samples",
        title: "Samples of a type",
        description: """
            The samples of one type that start in [from, to), oldest first, each with its value and unit, \
            start and end, source, device and metadata, as the store keeps them (every source, not merged: \
            use statistics for totals). Answers at most `limit` samples; pass the answer's `next` as `cursor` \
            to get the following page.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type(),
                "from": Schema.date("Inclusive start."),
                "to": Schema.date("Exclusive end."),
                "limit": Schema.integer("Samples per page (default 100).", in: 1...maximumPage),
                "cursor": Schema.string("The `next` of the previous page."),
            ], required: ["type", "from", "to"]),
        run: { toolbox, arguments in try await toolbox.samples(arguments) })

    func samples(_ arguments: ToolArguments) async throws -> Value {
        let type = try arguments.type()
        let range = try arguments.range()
        let limit = try arguments.integer("limit", default: 100, in: 1...Self.maximumPage)
        let cursor = try arguments.string("cursor").map { text throws(VitalsError) in
            try PageCursor(text, within: range)
        }
        let start = cursor?.start ?? range.start
        let skip = cursor?.skip ?? 0
        let predicate = SamplePredicate(start: start, end: range.end, options: .strictStartDate)
        let result = try await reader.samples(of: type, matching: predicate, limit: skip + limit + 1)
        let fetched = result.value
        let page = Array(fetched.dropFirst(skip).prefix(limit))
        var answer: [String: Value] = [
            "type": .string(type.shortName),
            "samples": .array(try page.map { try Self.value(of: $0, in: zone) }),
        ]
        if let unit = type.canonicalUnitString { answer["unit"] = .string(unit) }
        if fetched.count > skip + limit, let last = page.last {
            var next = PageCursor(start: last.start, skip: 0)
            next.skip = fetched.prefix(skip + limit).filter { $0.start >= next.start }.count
            answer["next"] = .string(next.text)
        }
        if page.isEmpty, cursor == nil, let absence = try await absence(of: type, unreadable: result.unreadableTypes) {
            answer["note"] = absence
        }
        return .object(answer)
    }

    /// A sample as the JSON Lines export writes it.
    static func value(of sample: Sample, in zone: TimeZone) throws -> Value {
        value(ofJSONObject: SampleJSON.object(for: sample, in: zone))
    }

    /// A JSON object tree (`JSONSerialization`'s kinds) as a `Value`, without a decoder: the SDK's
    /// `Value` decoding tries each kind in turn and matches every string against a pattern.
    static func value(ofJSONObject object: Any) -> Value {
        switch object {
        case let text as String: return .string(text)
        case let dictionary as [String: Any]: return .object(dictionary.mapValues { value(ofJSONObject: $0) })
        case let array as [Any]: return .array(array.map { value(ofJSONObject: $0) })
        case let flag as Bool: return .bool(flag)
        case let integer as Int: return .int(integer)
        case let number as Double: return .double(number)
        case let number as NSNumber:
            let double = number.doubleValue
            return double.rounded() == double && abs(double) < 1e15 ? .int(number.intValue) : .double(double)
        default: return .null
        }
    }
}

/// Where the next page of samples begins: a start instant and how many samples starting then were given.
struct PageCursor: Sendable {
    var start: Date
    var skip: Int

    /// A cursor at `start` cut to whole milliseconds (its text form), skipping `skip` samples from there.
    init(start: Date, skip: Int) {
        self.start = Date(timeIntervalSince1970: (start.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        self.skip = skip
    }

    /// Reads a cursor an earlier page gave (`<milliseconds since 1970>.<skip>`), which must lie in `range`.
    init(_ text: String, within range: DateRange) throws(VitalsError) {
        let parts = text.split(separator: ".")
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let skip = Int(parts[1]), skip >= 0 else {
            throw VitalsError(.invalidInput, "is not a cursor this tool gave", at: InputLocation(field: "cursor"))
        }
        let start = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        guard range.contains(start) else {
            throw VitalsError(
                .invalidInput, "belongs to another range; pass the same from and to as the first page",
                at: InputLocation(field: "cursor"))
        }
        self.init(start: start, skip: skip)
    }

    /// The text form a client passes back.
    var text: String { "\(Int64((start.timeIntervalSince1970 * 1000).rounded())).\(skip)" }
}
