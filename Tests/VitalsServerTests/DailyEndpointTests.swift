import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// Seed 003's `POST /api/v1/health/daily`: one object or an array, upserts that keep absent
/// fields, all-or-nothing arrays, 422s naming the field, 400s naming the JSON path, 413s.
@Suite("Server: POST /api/v1/health/daily")
struct DailyEndpointTests {
    static let fullDay = #"""
        {"date": "2025-11-16", "steps": 8500, "active_minutes": 45, "stand_minutes": 480, "active_energy_burned": 350.5,
         "resting_heart_rate": 65.0, "hrv": 45.2, "sleep_minutes": 420, "sleep_quality_score": 85.0, "workouts_count": 1}
        """#

    @Test(
        "One object: the seed's answer, and every snake_case field stored as a HEALTHKIT snapshot",
        arguments: Backend.allCases)
    func oneObject(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.daily(token, Self.fullDay)
            #expect(reply.status == .ok)
            #expect(reply.object.count == 2)
            #expect(reply.object["status"] as? String == "success")
            #expect((reply.object["recordsUpserted"] as? NSNumber)?.intValue == 1)
            // Written by hand on this route (JSONValue.jsonText), in JSONEncoder's sorted-key form.
            #expect(reply.text == #"{"recordsUpserted":1,"status":"success"}"#)
            #expect(reply.headers[.contentType] == "application/json; charset=utf-8")

            let report = try await harness.day(token, "2025-11-16").decode(DayReport.self)
            #expect(report.snapshots.count == 1)
            let snapshot = try #require(report.snapshot)
            #expect(snapshot.source == .healthKit && snapshot.verificationLevel == .deviceVerified)
            #expect(snapshot.steps == 8500 && snapshot.exerciseMinutes == 45 && snapshot.standMinutes == 480)
            #expect(snapshot.activeCalories == 350.5 && snapshot.restingHeartRate == 65 && snapshot.hrv == 45.2)
            #expect(snapshot.sleepMinutes == 420 && snapshot.sleepQualityScore == 85 && snapshot.workoutsCount == 1)
            #expect(snapshot.proteinLogged == nil)
            #expect(snapshot.updatedAt == ServerConfiguration.fixedNow)
        }
    }

    @Test("An array upserts every element and counts them", arguments: Backend.allCases)
    func array(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.daily(
                token,
                #"""
                [{"date": "2025-11-14", "steps": 1400}, {"date": "2025-11-15", "steps": 1500}, {"date": "2025-11-16", "sleep_minutes": 416}]
                """#)
            #expect(try reply.decode(DailyUpsertResponse.self) == DailyUpsertResponse(recordsUpserted: 3))
            let snapshots = try await harness.export(token).snapshots
            #expect(snapshots.map(\.date.description) == ["2025-11-14", "2025-11-15", "2025-11-16"])
            #expect(snapshots.map(\.steps) == [1400, 1500, nil])
            #expect(snapshots.map(\.sleepMinutes) == [nil, nil, 416])
            #expect(try await harness.daily(token, "[]").decode(DailyUpsertResponse.self).recordsUpserted == 0)
        }
    }

    @Test(
        "A later request keeps the fields it leaves out; a retry changes nothing, not even updatedAt",
        arguments: Backend.allCases)
    func upsertKeepsAbsentFields(backend: Backend) async throws {
        try await withServer(backend, configuration: .ticking) { harness in
            let (_, token) = try await harness.user("ada")
            #expect(try await harness.daily(token, Self.fullDay).status == .ok)
            let first = try await harness.export(token).snapshots
            #expect(
                try await harness.daily(token, #"{"date": "2025-11-16", "hrv": 51.5, "steps": 9100}"#).status == .ok)
            let second = try #require(try await harness.export(token).snapshots.first)
            #expect(second.steps == 9100 && second.hrv == 51.5)
            #expect(second.exerciseMinutes == 45 && second.standMinutes == 480 && second.activeCalories == 350.5)
            #expect(second.restingHeartRate == 65 && second.sleepMinutes == 420 && second.sleepQualityScore == 85)
            #expect(second.workoutsCount == 1)
            #expect(second.updatedAt > first[0].updatedAt)

            // null is "unknown" too: it keeps the stored value.
            #expect(
                try await harness.daily(token, #"{"date": "2025-11-16", "steps": null, "hrv": 51.5}"#).status == .ok)
            #expect(try await harness.export(token).snapshots == [second])

            // The same requests again: nothing moves.
            let retried = try await harness.daily(token, #"{"date": "2025-11-16", "hrv": 51.5, "steps": 9100}"#)
            #expect(try retried.decode(DailyUpsertResponse.self).recordsUpserted == 1)
            #expect(try await harness.daily(token, #"{"date": "2025-11-16", "steps": 9100}"#).status == .ok)
            #expect(try await harness.export(token).snapshots == [second])
        }
    }

    @Test(
        "An array with one bad element stores nothing and names the element's field",
        arguments: Backend.allCases)
    func arrayIsAllOrNothing(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.daily(
                token,
                #"""
                [{"date": "2025-11-14", "steps": 1400}, {"date": "2025-11-15", "sleep_minutes": 1441}, {"date": "2025-11-16", "steps": 1}]
                """#)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.errorField == "[1].sleep_minutes")
            #expect(reply.errorCode == "invalid_value")
            #expect(try await harness.dayIsEmpty(token, "2025-11-14"))
            #expect(try await harness.export(token).snapshots.isEmpty)
            let notObject = try await harness.daily(token, #"[{"date": "2025-11-14"}, 7]"#)
            #expect(notObject.status == .unprocessableContent && notObject.errorField == "[1]")
            #expect(try await harness.export(token).snapshots.isEmpty)
        }
    }

    @Test(
        "Impossible values and dates are 422 naming the field, and no value sent is echoed",
        arguments: Backend.allCases)
    func impossibleValues(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            // (member and value, field named, code)
            let cases: [(String, String?, String)] = [
                (#""steps": -731"#, "steps", "invalid_value"),
                (#""steps": 1000000.5"#, "steps", "invalid_value"),
                (#""steps": "7310""#, "steps", "invalid_field"),
                (#""sleep_minutes": 1777"#, "sleep_minutes", "invalid_value"),
                (#""active_minutes": -17"#, "active_minutes", "invalid_value"),
                (#""resting_heart_rate": 987"#, "resting_heart_rate", "invalid_value"),
                (#""hrv": 5555.5"#, "hrv", "invalid_value"),
                (#""sleep_quality_score": 100.5"#, "sleep_quality_score", "invalid_value"),
                (#""workouts_count": 173"#, "workouts_count", "invalid_value"),
            ]
            for (member, field, code) in cases {
                let reply = try await harness.daily(token, #"{"date": "2025-11-16", \#(member)}"#)
                #expect(reply.status == .unprocessableContent, "\(member)")
                #expect(reply.errorField == field, "\(member)")
                #expect(reply.errorCode == code, "\(member)")
                let digits = member.filter(\.isNumber)
                #expect(!reply.text.contains(digits), "\(member) echoed in \(reply.text)")
            }
            let dates: [(String, String)] = [
                (#""date": "1899-12-31""#, "invalid_date"), (#""date": "2025-11-18""#, "invalid_date"),
                (#""date": "2025-13-01""#, "invalid_date"), (#""date": 20251116"#, "invalid_field"),
                (#""steps": 5"#, "invalid_field"),
            ]
            for (member, code) in dates {
                let reply = try await harness.daily(token, "{\(member)}")
                #expect(reply.status == .unprocessableContent && reply.errorField == "date", "\(member)")
                #expect(reply.errorCode == code, "\(member)")
            }
            let scalar = try await harness.daily(token, "42")
            #expect(scalar.status == .unprocessableContent && scalar.errorField == nil)
            // The limits themselves are accepted: 1900-01-01, tomorrow in UTC, 1440 minutes, 0 steps.
            let edges = try await harness.daily(
                token,
                #"""
                [{"date": "1900-01-01", "steps": 0}, {"date": "2025-11-17", "sleep_minutes": 1440}]
                """#)
            #expect(try edges.decode(DailyUpsertResponse.self).recordsUpserted == 2)
            #expect(try await harness.export(token).snapshots.map(\.date.description) == ["1900-01-01", "2025-11-17"])
        }
    }

    @Test(
        "The last day accepted is the server's tomorrow in UTC, as the document's pattern says: Kiritimati's today (2025-11-17) passes, 2025-11-18 does not",
        arguments: Backend.allCases)
    func futureBound(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("kiri", timeZone: "Pacific/Kiritimati")
            #expect(try await harness.daily(token, #"{"date": "2025-11-17", "steps": 10}"#).status == .ok)
            let late = try await harness.daily(token, #"{"date": "2025-11-18", "steps": 10}"#)
            #expect(late.status == .unprocessableContent && late.errorField == "date")

            let document = try await harness.send(.get, "/openapi.json").object
            let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
            let daily = schemas?["DailyHealthMetrics"] as? [String: Any]
            let date = (daily?["properties"] as? [String: Any])?["date"] as? [String: Any]
            let pattern = try Regex(try #require(date?["pattern"] as? String))
            for (day, accepted) in [
                ("1899-12-31", false), ("1900-01-01", true), ("2024-02-29", true), ("2023-02-29", false),
                ("2025-11-17", true), ("2025-11-18", false), ("2025-04-31", false),
            ] {
                #expect((day.wholeMatch(of: pattern) != nil) == accepted, "\(day)")
                let answer = try await harness.daily(token, #"{"date": "\#(day)"}"#)
                #expect((answer.status == .ok) == accepted, "\(day): \(answer.status)")
            }
        }
    }

    @Test("Malformed JSON is 400 naming the JSON path and byte offset", arguments: Backend.allCases)
    func malformedJSON(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let cases: [(body: String, field: String?, offset: Int)] = [
                (#"[{"date": "2025-11-15", "steps": 1}, {"date": "2025-11-16", "steps": }]"#, "[1].steps", 69),
                (#"{"date": "2025-11-15", "steps": 6512,}"#, nil, 37),
                (#"{"date": "2025-11-15", "steps": 6512"#, nil, 36),
                (#"{"date": "2025-11-15"} x"#, nil, 23),
                ("", nil, 0),
            ]
            for (body, field, offset) in cases {
                let reply = try await harness.daily(token, body)
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.errorCode == "invalid_json", "\(body)")
                #expect(reply.errorField == field, "\(body)")
                #expect(reply.errorByteOffset == offset, "\(body)")
                #expect(!reply.text.contains("6512"))
            }
            #expect(try await harness.export(token).snapshots.isEmpty)
        }
    }

    @Test(
        "Unknown members are ignored, and the answer names them (per element of an array); the rest is stored",
        arguments: Backend.allCases)
    func unknownFieldsIgnored(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.daily(
                token,
                #"""
                {"date": "2025-11-16", "steps": 321, "mood": "great", "device": {"model": "Watch", "ids": [1, 2]}, "stepsExtra": -5}
                """#)
            #expect(
                try reply.decode(DailyUpsertResponse.self)
                    == DailyUpsertResponse(recordsUpserted: 1, ignored: ["mood", "device", "stepsExtra"]))
            #expect(try await harness.day(token, "2025-11-16").decode(DayReport.self).steps == 321)
            // The issue's body: step_count is not steps; the day is stored without steps, and the answer says why.
            let misspelt = try await harness.daily(token, #"{"date":"2025-11-12","step_count":9000}"#)
            #expect(misspelt.status == .ok)
            #expect(misspelt.text == #"{"ignored":["step_count"],"recordsUpserted":1,"status":"success"}"#)
            #expect(try await harness.day(token, "2025-11-12").decode(DayReport.self).snapshot?.steps == nil)
            // In an array, each element's by its index; camelCase spellings are known, each name is listed once.
            let array = try await harness.daily(
                token,
                #"""
                [{"date": "2025-11-13", "sleepMinutes": 400}, {"date": "2025-11-14", "step_count": 1, "hr": 60, "hr": 61},
                 {"date": "2025-11-15", "steps": 10, "Steps": 11}]
                """#)
            #expect(
                try array.decode(DailyUpsertResponse.self)
                    == DailyUpsertResponse(recordsUpserted: 3, ignored: ["[1].step_count", "[1].hr", "[2].Steps"]))
            #expect(try await harness.day(token, "2025-11-13").decode(DayReport.self).sleepMinutes == 400)
        }
    }

    @Test(
        "Seed 003: fractions are rounded to whole numbers, halves away from zero (421.5 minutes is 422)",
        arguments: Backend.allCases)
    func fractionsRounded(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.daily(
                token,
                #"""
                {"date": "2025-11-16", "sleep_minutes": 421.5, "steps": 7310.49, "active_minutes": 44.5, "workouts_count": 0.5}
                """#)
            #expect(try reply.decode(DailyUpsertResponse.self).recordsUpserted == 1)
            let snapshot = try #require(try await harness.day(token, "2025-11-16").decode(DayReport.self).snapshot)
            #expect(snapshot.sleepMinutes == 422 && snapshot.steps == 7310)
            #expect(snapshot.exerciseMinutes == 45 && snapshot.workoutsCount == 1)
            // 1440.5 rounds to 1441: beyond a day, refused naming the field.
            let over = try await harness.daily(token, #"{"date": "2025-11-16", "sleep_minutes": 1440.5}"#)
            #expect(over.status == .unprocessableContent && over.errorField == "sleep_minutes")
        }
    }

    @Test(
        "Seed 003: camelCase members count as their snake_case names; one given both ways is 422 naming it",
        arguments: Backend.allCases)
    func camelCaseMembers(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let reply = try await harness.daily(
                token,
                #"""
                {"date": "2025-11-16", "sleepMinutes": 420, "activeEnergyBurned": 350.5, "restingHeartRate": 61,
                 "sleepQualityScore": 80, "workoutsCount": 2, "activeMinutes": 30, "standMinutes": 600}
                """#)
            #expect(try reply.decode(DailyUpsertResponse.self).recordsUpserted == 1)
            let snapshot = try #require(try await harness.day(token, "2025-11-16").decode(DayReport.self).snapshot)
            #expect(snapshot.sleepMinutes == 420 && snapshot.activeCalories == 350.5 && snapshot.restingHeartRate == 61)
            #expect(snapshot.sleepQualityScore == 80 && snapshot.workoutsCount == 2)
            #expect(snapshot.exerciseMinutes == 30 && snapshot.standMinutes == 600)
            let twice = try await harness.daily(
                token, #"[{"date": "2025-11-15", "sleep_minutes": 400, "sleepMinutes": 401}]"#)
            #expect(twice.status == .unprocessableContent && twice.errorField == "[0].sleepMinutes")
            #expect(try await harness.dayIsEmpty(token, "2025-11-15"))
        }
    }

    @Test("A body over the configured limit is 413 and stores nothing", arguments: Backend.allCases)
    func bodyLimit(backend: Backend) async throws {
        var configuration = ServerConfiguration.testing
        configuration.maximumBodyBytes = 200
        configuration.maximumIngestBytes = 300
        try await withServer(backend, configuration: configuration) { harness in
            let (_, token) = try await harness.user("ada")
            let record = #"{"date": "2025-11-16", "steps": 1000}"#
            let small = "[" + Array(repeating: record, count: 5).joined(separator: ",") + "]"
            let large = "[" + Array(repeating: record, count: 6).joined(separator: ",") + "]"
            #expect(small.utf8.count <= 200 && large.utf8.count > 200)
            let tooLarge = try await harness.daily(token, large)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "body_too_large")
            #expect(try await harness.export(token).snapshots.isEmpty)
            let accepted = try await harness.daily(token, small)
            #expect(try accepted.decode(DailyUpsertResponse.self).recordsUpserted == 5)
            // Exactly at the limit is accepted.
            let padded = String(repeating: " ", count: 200 - small.utf8.count) + small
            #expect(try await harness.daily(token, padded).status == .ok)
            // The limit holds on every route with a body.
            #expect(try await harness.sync(token, String(repeating: " ", count: 201) + "{}").status == .contentTooLarge)
            // Health Auto Export ingests have their own limit, and the answer names its flag.
            #expect(
                try await harness.ingest(token, String(repeating: " ", count: 201) + "{}").status != .contentTooLarge)
            let ingest = try await harness.ingest(token, String(repeating: " ", count: 301) + "{}")
            #expect(
                ingest.status == .contentTooLarge && ingest.text.contains("300")
                    && ingest.text.contains("--max-ingest-bytes"))
            #expect(
                try await harness.send(
                    .post, "/api/quests", token: token,
                    json: String(repeating: " ", count: 201) + "{}"
                ).status == .contentTooLarge)
        }
    }
}
