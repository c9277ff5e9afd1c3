import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// The server over a real socket (Hummingbird's `.live` test setup): HTTP/1.1 on loopback.
@Suite("Server: live HTTP")
struct LiveServerTests {
    @Test("A daily upsert over a real socket is stored and read back", arguments: Backend.allCases)
    func dailyRoundTrip(backend: Backend) async throws {
        try await withServer(backend, setup: .live) { harness in
            #expect(harness.client.port != nil)
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            #expect(try await harness.send(.get, "/health").status == .ok)
            #expect(try await harness.dayIsEmpty(token, "today"))
            let upsert = try await harness.daily(token, DailyEndpointTests.fullDay)
            #expect(upsert.status == .ok)
            #expect(upsert.text == #"{"recordsUpserted":1,"status":"success"}"#)
            let today = try await harness.day(token, "today")
            #expect(today.status == .ok)
            let report = try today.decode(DayReport.self)
            #expect(report.date.description == "2025-11-16")
            #expect(report.steps == 8500 && report.sleepMinutes == 420 && report.hrv == 45.2)
            let unauthorized = try await harness.send(.get, "/api/health/today")
            #expect(unauthorized.status == .unauthorized && unauthorized.headers[.wwwAuthenticate] == "Bearer")
            let invalid = try await harness.daily(
                token, #"[{"date": "2025-11-15"}, {"date": "2025-11-16", "steps": -1}]"#)
            #expect(invalid.status == .unprocessableContent && invalid.errorField == "[1].steps")
            #expect(try await harness.export(token).snapshots.count == 1)
        }
    }
}
