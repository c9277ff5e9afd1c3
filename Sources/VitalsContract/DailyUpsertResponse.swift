import Foundation

/// The backend's answer to `POST /api/v1/health/daily`: `{"status":"success","recordsUpserted":N}`.
public struct DailyUpsertResponse: Sendable, Hashable, Codable {
    public var status: String
    public var recordsUpserted: Int

    public init(status: String = "success", recordsUpserted: Int) {
        self.status = status
        self.recordsUpserted = recordsUpserted
    }
}
