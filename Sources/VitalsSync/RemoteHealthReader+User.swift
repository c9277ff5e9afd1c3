public import Foundation
import VitalsCore

extension RemoteHealthReader {
    /// The time zone of the token's user (`GET /api/me`): whose days the server counts in.
    public func userTimeZone() async throws -> TimeZone {
        let call = "userTimeZone()"
        let data = try await get("/api/me", [], call: call)
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let identifier = object?["timeZone"] as? String else {
            throw unreadable("/api/me", call: call, VitalsError(.invalidInput, "the answer has no timeZone"))
        }
        do throws(VitalsError) {
            return try TimeZone.iana(identifier)
        } catch {
            throw unreadable("/api/me", call: call, error)
        }
    }
}
