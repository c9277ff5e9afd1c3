import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// Seed 001's `POST /api/health/sync`: the user's today, sources and verification levels,
/// workouts stored once per `externalId`, upserts, and bad input.
@Suite("Server: POST /api/health/sync")
struct SyncEndpointTests {
    static func workout(_ id: String?, start: String, minutes: Int = 30) -> String {
        let external = id.map { #", "externalId": "\#($0)""# } ?? ""
        return
            #"{"type": "running", "durationMinutes": \#(minutes), "calories": 250.5, "distance": 5000, "startTime": "\#(start)"\#(external)}"#
    }

    @Test(
        "Without a date the snapshot is the user's today (Kiritimati is already on 2025-11-17)",
        arguments: Backend.allCases)
    func dateDefaultsToUsersToday(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, island) = try await harness.user("kiri", timeZone: "Pacific/Kiritimati")
            let (_, london) = try await harness.user("utc", timeZone: "UTC")
            let body =
                #"{"source": "HEALTHKIT", "data": {"steps": 8123, "exerciseMinutes": 31, "sleepMinutes": 412, "activeCalories": 350.5, "proteinLogged": true}}"#
            let reply = try await harness.sync(island, body)
            #expect(reply.status == .ok)
            // The seed's exact response members.
            #expect(
                Set(reply.object.keys) == ["snapshot", "questsEvaluated", "questsCompleted", "questResults", "message"])
            let response = try reply.decode(HealthSyncResponse.self)
            #expect(response.snapshot.date.description == "2025-11-17")
            #expect(response.snapshot.source == .healthKit)
            #expect(response.snapshot.verificationLevel == .deviceVerified)
            #expect(response.snapshot.steps == 8123)
            #expect(response.snapshot.exerciseMinutes == 31)
            #expect(response.snapshot.sleepMinutes == 412)
            #expect(response.snapshot.activeCalories == 350.5)
            #expect(response.snapshot.proteinLogged == true)
            #expect(response.snapshot.workoutsCount == nil)
            #expect(response.questsEvaluated == 0 && response.questsCompleted == 0 && response.questResults.isEmpty)
            #expect(response.message == "Synced 2025-11-17.")

            let today = try await harness.day(island, "today")
            #expect(today.status == .ok)
            let report = try today.decode(DayReport.self)
            #expect(report.date.description == "2025-11-17" && report.steps == 8123)
            #expect(try await harness.dayIsEmpty(island, "2025-11-16"))

            // A workout's day is the user's too: 12:30 UTC on the 16th is the 17th in Kiritimati.
            let late = try await harness.sync(
                island,
                #"{"source": "HEALTHKIT", "data": {"workouts": [\#(Self.workout("k-1", start: "2025-11-16T12:30:00Z"))]}}"#
            )
            #expect(try late.decode(HealthSyncResponse.self).snapshot.workoutsCount == 1)
            #expect(try await harness.export(island).workouts.map(\.date.description) == ["2025-11-17"])

            // The same request from a UTC user lands on 2025-11-16.
            let utc = try await harness.sync(london, body).decode(HealthSyncResponse.self)
            #expect(utc.snapshot.date.description == "2025-11-16")
            #expect(try await harness.day(london, "today").decode(DayReport.self).date.description == "2025-11-16")
        }
    }

    @Test(
        "Seed 001: a JavaScript client's fractional totals are rounded, halves away from zero (421.5 minutes is 422)",
        arguments: Backend.allCases)
    func fractionalTotals(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let body =
                #"{"date": "2025-11-16", "source": "MANUAL", "data": {"steps": 8122.5, "exerciseMinutes": 30.4, "sleepMinutes": 421.5}}"#
            let reply = try await harness.sync(token, body)
            #expect(reply.status == .ok)
            let snapshot = try reply.decode(HealthSyncResponse.self).snapshot
            #expect(snapshot.steps == 8123 && snapshot.exerciseMinutes == 30 && snapshot.sleepMinutes == 422)
        }
    }

    @Test(
        "An explicit date is used; dates before 1900 or past the user's tomorrow are 422 on date",
        arguments: Backend.allCases)
    func explicitDates(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let past = try await harness.sync(
                token, #"{"date": "2025-11-10", "source": "MANUAL", "data": {"steps": 4000}}"#)
            #expect(try past.decode(HealthSyncResponse.self).snapshot.date.description == "2025-11-10")
            let tomorrow = try await harness.sync(
                token, #"{"date": "2025-11-17", "source": "MANUAL", "data": {"steps": 1}}"#)
            #expect(tomorrow.status == .ok)
            for date in ["2025-11-18", "1899-12-31", "2025-02-29", "16-11-2025"] {
                let reply = try await harness.sync(
                    token, #"{"date": "\#(date)", "source": "MANUAL", "data": {"steps": 1}}"#)
                #expect(reply.status == .unprocessableContent, "\(date)")
                #expect(reply.errorField == "date", "\(date)")
            }
            #expect(try await harness.export(token).snapshots.map(\.date.description) == ["2025-11-10", "2025-11-17"])
        }
    }

    @Test(
        "Bad source, missing data and impossible values are 422 naming the field; nothing is stored",
        arguments: Backend.allCases)
    func badInput(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let cases: [(body: String, field: String?, code: String)] = [
                (#"{"source": "FITBIT", "data": {"steps": 100}}"#, "source", "invalid_value"),
                (#"{"source": "healthkit", "data": {"steps": 100}}"#, "source", "invalid_value"),
                (#"{"source": 3, "data": {"steps": 100}}"#, "source", "invalid_field"),
                (#"{"data": {"steps": 100}}"#, "source", "invalid_field"),
                (#"{"source": "MANUAL"}"#, "data", "invalid_field"),
                (#"{"source": "MANUAL", "data": {"steps": -4821}}"#, "data.steps", "invalid_value"),
                (#"{"source": "MANUAL", "data": {"sleepMinutes": 1441}}"#, "data.sleepMinutes", "invalid_value"),
                (#"{"source": "MANUAL", "data": {"proteinLogged": "yes"}}"#, "data.proteinLogged", "invalid_field"),
                (
                    #"{"source": "MANUAL", "data": {"workouts": [\#(Self.workout("a", start: "2025-11-16T08:00:00Z")), {"type": "yoga", "durationMinutes": 20}]}}"#,
                    "data.workouts[1].startTime", "invalid_field"
                ),
                (
                    #"{"source": "MANUAL", "data": {"workouts": [{"type": "yoga", "durationMinutes": 20, "startTime": "2025-11-16T09:00:00Z", "endTime": "2025-11-16T08:00:00Z"}]}}"#,
                    "data.workouts[0].endTime", "invalid_date_range"
                ),
                (#"["not", "an", "object"]"#, nil, "invalid_field"),
            ]
            for (body, field, code) in cases {
                let reply = try await harness.sync(token, body)
                #expect(reply.status == .unprocessableContent, "\(body)")
                #expect(reply.errorField == field, "\(body)")
                #expect(reply.errorCode == code, "\(body)")
            }
            let malformed = try await harness.sync(token, #"{"source": "MANUAL", "data": {"steps": 12,}}"#)
            #expect(malformed.status == .badRequest && malformed.errorCode == "invalid_json")
            #expect(malformed.errorField == "data")
            #expect(malformed.errorByteOffset == 42)
            // No value sent appears in an error.
            #expect(
                try await harness.sync(token, #"{"source": "MANUAL", "data": {"steps": -4821}}"#).text.contains("4821")
                    == false)
            let export = try await harness.export(token)
            #expect(export.snapshots.isEmpty && export.workouts.isEmpty)
            #expect(try await harness.dayIsEmpty(token, "today"))
        }
    }

    @Test(
        "Workouts are stored once per externalId across repeated syncs; workoutsCount counts stored ones",
        arguments: Backend.allCases)
    func workoutsDeduplicated(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            func sync(_ workouts: [String]) async throws -> HealthSyncResponse {
                let reply = try await harness.sync(
                    token, #"{"source": "HEALTHKIT", "data": {"workouts": [\#(workouts.joined(separator: ","))]}}"#)
                try #require(reply.status == .ok, "\(reply.text)")
                return try reply.decode(HealthSyncResponse.self)
            }
            let one = Self.workout("hk-1", start: "2025-11-16T07:00:00Z")
            let two = Self.workout("hk-2", start: "2025-11-16T09:00:00Z", minutes: 45)
            let three = Self.workout("hk-3", start: "2025-11-16T11:00:00Z")
            let first = try await sync([one, two])
            #expect(first.message == "Synced 2025-11-16: 2 of 2 workouts new.")
            #expect(first.snapshot.workoutsCount == 2)
            let second = try await sync([two, three])
            #expect(second.message == "Synced 2025-11-16: 1 of 2 workouts new.")
            #expect(second.snapshot.workoutsCount == 3)
            let retry = try await sync([two, three])
            #expect(retry.message == "Synced 2025-11-16: 0 of 2 workouts new.")
            #expect(retry.snapshot.workoutsCount == 3)
            // Without an externalId, type and start identify a workout: a retry stores it once.
            let anonymous = Self.workout(nil, start: "2025-11-16T05:00:00Z")
            #expect(try await sync([anonymous]).snapshot.workoutsCount == 4)
            #expect(try await sync([anonymous]).message == "Synced 2025-11-16: 0 of 1 workouts new.")

            let workouts = try await harness.export(token).workouts
            #expect(workouts.map(\.externalId) == ["running@1763269200000", "hk-1", "hk-2", "hk-3"])
            #expect(workouts[2].durationMinutes == 45 && workouts[2].calories == 250.5 && workouts[2].distance == 5000)
            #expect(workouts.allSatisfy { $0.source == .healthKit && $0.date.description == "2025-11-16" })
        }
    }

    @Test(
        "HEALTHKIT and GOOGLE_FIT are device-verified, MANUAL self-reported; the day shows verified data first",
        arguments: Backend.allCases)
    func verificationLevels(backend: Backend) async throws {
        try await withServer(backend, configuration: .ticking) { harness in
            let (_, token) = try await harness.user("ada")
            for (source, steps) in [("HEALTHKIT", 7000), ("GOOGLE_FIT", 7100), ("MANUAL", 9999)] {
                let reply = try await harness.sync(token, #"{"source": "\#(source)", "data": {"steps": \#(steps)}}"#)
                #expect(reply.status == .ok)
                let level = (reply.object["snapshot"] as? [String: Any])?["verificationLevel"] as? String
                #expect(level == (source == "MANUAL" ? "SELF_REPORTED" : "DEVICE_VERIFIED"))
            }
            let report = try await harness.day(token, "2025-11-16").decode(DayReport.self)
            #expect(report.snapshots.map(\.source) == [.googleFit, .healthKit, .manual])
            #expect(report.snapshots.map(\.steps) == [7100, 7000, 9999])
            #expect(report.snapshots.map(\.verificationLevel) == [.deviceVerified, .deviceVerified, .selfReported])
            // MANUAL was written last, but the verified sources come first; of them the newest.
            #expect(report.snapshot?.source == .googleFit && report.steps == 7100)
        }
    }

    @Test(
        "A later sync keeps fields it leaves out; a retried sync changes nothing, not even updatedAt",
        arguments: Backend.allCases)
    func upsertAndRetry(backend: Backend) async throws {
        try await withServer(backend, configuration: .ticking) { harness in
            let (_, token) = try await harness.user("ada")
            let first = try await harness.sync(
                token, #"{"source": "HEALTHKIT", "data": {"steps": 5000, "sleepMinutes": 400}}"#
            )
            .decode(HealthSyncResponse.self)
            let body = #"{"source": "HEALTHKIT", "data": {"exerciseMinutes": 30, "activeCalories": 410.25}}"#
            let second = try await harness.sync(token, body).decode(HealthSyncResponse.self)
            #expect(second.snapshot.steps == 5000 && second.snapshot.sleepMinutes == 400)
            #expect(second.snapshot.exerciseMinutes == 30 && second.snapshot.activeCalories == 410.25)
            #expect(second.snapshot.updatedAt > first.snapshot.updatedAt)
            let retry = try await harness.sync(token, body).decode(HealthSyncResponse.self)
            #expect(retry.snapshot == second.snapshot)
            let export = try await harness.export(token)
            #expect(export.snapshots == [second.snapshot])
        }
    }
}
