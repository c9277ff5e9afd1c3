import VitalsCore
import VitalsContract

extension DailyUpsertResponse {
    /// The answer as JSON, members in the order `JSONEncoder` with sorted keys writes them.
    ///
    /// `POST /api/v1/health/daily` is the busiest route; writing these two members directly
    /// costs a fraction of `JSONEncoder`'s run through `Encodable`.
    var jsonValue: JSONValue {
        .object(.init([("recordsUpserted", .number(Double(recordsUpserted))), ("status", .string(status))]))
    }
}
