import VitalsContract
import VitalsCore

extension DailyUpsertResponse {
    /// The answer as JSON, members in the order `JSONEncoder` with sorted keys writes them
    /// (`ignored` only when the body had unknown members, as ``encode(to:)`` writes it).
    ///
    /// `POST /api/v1/health/daily` is the busiest route; writing these members directly
    /// costs a fraction of `JSONEncoder`'s run through `Encodable`.
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if !ignored.isEmpty { members.append(("ignored", .array(ignored.map { .string($0) }))) }
        members += [("recordsUpserted", .number(Double(recordsUpserted))), ("status", .string(status))]
        return .object(.init(members))
    }
}
