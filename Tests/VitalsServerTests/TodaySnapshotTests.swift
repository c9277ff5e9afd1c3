import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// Seed 001's `GET /api/health/today` and `GET /api/health/{date}`: the client reads the
/// snapshot itself (`today.steps`), and a morning before the first sync is not an error.
@Suite("Seed 001: GET /api/health/today")
struct TodaySnapshotTests {
    /// How the test reaches the server.
    enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case router, live
        var testDescription: String { rawValue }
        var setup: TestingSetup { self == .router ? .router : .live }
    }

    /// The whole answer for a day nothing was synced for (keys sorted, as the server writes them).
    static let freshMorning =
        #"{"activeCalories":0,"date":"2025-11-16","exerciseMinutes":0,"hrv":null,"#
        + #""proteinLogged":false,"restingHeartRate":null,"sleepMinutes":0,"sleepQualityScore":null,"snapshots":[],"#
        + #""source":null,"standMinutes":0,"steps":0,"updatedAt":null,"verificationLevel":null,"workoutsCount":0}"#

    /// The members of a snapshot with every metric known, as the sync answers it.
    static func snapshotMembers() throws -> Set<String> {
        var snapshot = HealthSnapshot(
            date: try LocalDate(parsing: "2025-11-16"), source: .healthKit,
            updatedAt: ServerConfiguration.fixedNow)
        (snapshot.steps, snapshot.exerciseMinutes, snapshot.standMinutes, snapshot.sleepMinutes) = (1, 1, 1, 1)
        (snapshot.activeCalories, snapshot.restingHeartRate, snapshot.hrv) = (1, 1, 1)
        (snapshot.workoutsCount, snapshot.sleepQualityScore, snapshot.proteinLogged) = (1, 1, true)
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(snapshot)) as? [String: Any]
        return Set(try #require(object).keys)
    }

    @Test(
        "Seed 001: a fresh morning's GET /api/health/today is 200 with the snapshot's members, totals 0 and the rest null",
        arguments: Backend.allCases, Transport.allCases)
    func freshMorningIsEmptySnapshot(backend: Backend, transport: Transport) async throws {
        try await withServer(backend, setup: transport.setup) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let today = try await harness.day(token, "today")
            #expect(today.status == .ok)
            #expect(today.headers[.contentType] == "application/json; charset=utf-8")
            #expect(today.text == Self.freshMorning)
            // Every member a synced snapshot has is there, so the client reads `today.steps` as 0.
            #expect(try Self.snapshotMembers().isSubset(of: Set(today.object.keys)))
            #expect(today.object["steps"] as? Int == 0)
            let report = try today.decode(DayReport.self)
            #expect(report.snapshot == nil && report.snapshots.isEmpty && report.steps == 0 && report.hrv == nil)
            // Any other day without data answers the same way; a malformed date is still 400.
            let other = try await harness.day(token, "2025-11-16")
            #expect(other.status == .ok && other.text == Self.freshMorning)
            let malformed = try await harness.day(token, "2025-11-31")
            #expect(malformed.status == .badRequest && malformed.errorCode == "invalid_date")
        }
    }

    @Test(
        "The OpenAPI document's day report requires exactly the members a fresh morning answers, each nullable but date and snapshots"
    )
    func openAPIDescribesTheShape() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json(now: Date()))) as? [String: Any])
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        let report = try #require(schemas?["DayReport"] as? [String: Any])
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.freshMorning.utf8)) as? [String: Any])
        #expect(Set(report["required"] as? [String] ?? []) == Set(answer.keys))
        let properties = try #require(report["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(answer.keys))
        let nullable = properties.filter { ($0.value["type"] as? [String])?.contains("null") == true }.keys
        #expect(Set(nullable) == Set(answer.keys).subtracting(["date", "snapshots"]))
        #expect((properties["source"]?["enum"] as? [Any])?.contains { $0 is NSNull } == true)
    }

    @Test(
        "Seed 001: after a sync, today is the synced snapshot itself, every metric a member (null when unknown)",
        arguments: Backend.allCases, Transport.allCases)
    func syncedDayIsSnapshot(backend: Backend, transport: Transport) async throws {
        try await withServer(backend, setup: transport.setup) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let synced = try await harness.sync(
                token, #"{"source": "HEALTHKIT", "data": {"steps": 8123, "sleepMinutes": 412}}"#)
            try #require(synced.status == .ok)
            let today = try await harness.day(token, "today")
            #expect(today.status == .ok)
            let object = today.object
            #expect(
                Set(object.keys)
                    == Set(
                        try #require(
                            try JSONSerialization.jsonObject(
                                with: Data(Self.freshMorning.utf8)) as? [String: Any]
                        ).keys))
            #expect(object["steps"] as? Int == 8123 && object["sleepMinutes"] as? Int == 412)
            #expect(object["exerciseMinutes"] is NSNull && object["hrv"] is NSNull)
            #expect(object["date"] as? String == "2025-11-16" && object["source"] as? String == "HEALTHKIT")
            #expect(object["verificationLevel"] as? String == "DEVICE_VERIFIED")
            #expect(object["updatedAt"] as? String == "2025-11-16T12:00:00Z")
            #expect((object["snapshots"] as? [[String: Any]])?.map { $0["steps"] as? Int } == [8123])
            let report = try today.decode(DayReport.self)
            #expect(report.steps == 8123 && report.snapshot?.source == .healthKit && report.exerciseMinutes == nil)
        }
    }
}
