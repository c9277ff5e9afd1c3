import Foundation

/// The backend's answer to `POST /api/v1/health/daily`: `{"status":"success","recordsUpserted":N}`,
/// with `"ignored"` when the body had members the server does not know.
public struct DailyUpsertResponse: Sendable, Hashable, Codable {
    public var status: String
    public var recordsUpserted: Int
    /// The body's members the server did not know and so ignored, as JSON paths in body order
    /// (`step_count`; in an array, per element: `[1].step_count`). Empty, and left out of the
    /// JSON, when there were none.
    public var ignored: [String]

    public init(status: String = "success", recordsUpserted: Int, ignored: [String] = []) {
        self.status = status
        self.recordsUpserted = recordsUpserted
        self.ignored = ignored
    }

    private enum CodingKeys: String, CodingKey {
        case status, recordsUpserted, ignored
    }

    /// Reads an answer; one without `ignored` (nothing ignored, or an older server's) has it empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(String.self, forKey: .status)
        recordsUpserted = try container.decode(Int.self, forKey: .recordsUpserted)
        ignored = try container.decodeIfPresent([String].self, forKey: .ignored) ?? []
    }

    /// Writes the answer, `ignored` only when it is not empty.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(recordsUpserted, forKey: .recordsUpserted)
        if !ignored.isEmpty { try container.encode(ignored, forKey: .ignored) }
    }
}
