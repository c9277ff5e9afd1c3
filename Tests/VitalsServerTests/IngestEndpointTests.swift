import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// `POST /api/v1/ingest/health-auto-export`: samples and workouts stored once per user, and the
/// touched days' HEALTHKIT snapshots recomputed with merged sources, in the user's time zone.
@Suite("Server: POST /api/v1/ingest/health-auto-export")
struct IngestEndpointTests {
    /// A Health Auto Export REST document (format version 2).
    static func document(metrics: [String] = [], workouts: [String] = []) -> String {
        #"{"data": {"metrics": [\#(metrics.joined(separator: ", "))], "workouts": [\#(workouts.joined(separator: ", "))]}}"#
    }

    static func metric(_ name: String, _ units: String, _ items: [String]) -> String {
        #"{"name": "\#(name)", "units": "\#(units)", "data": [\#(items.joined(separator: ", "))]}"#
    }

    static func period(_ qty: Double, _ start: String, _ end: String, _ source: String) -> String {
        #"{"qty": \#(qty), "startDate": "\#(start)", "endDate": "\#(end)", "source": "\#(source)"}"#
    }

    static func stage(_ value: String, _ start: String, _ end: String, _ source: String) -> String {
        #"{"startDate": "\#(start)", "endDate": "\#(end)", "value": "\#(value)", "source": "\#(source)"}"#
    }

    /// On 2025-11-15 (Los Angeles): a watch and a phone counting the same half hour, and a phone walk.
    /// Merged: 600 (watch, first by name) + 500 (the phone's hour less the half the watch covers) + 200.
    static let steps = document(metrics: [
        metric(
            "step_count", "count",
            [
                period(600, "2025-11-15 08:00:00 -0800", "2025-11-15 09:00:00 -0800", "Test Apple Watch"),
                period(1000, "2025-11-15 08:30:00 -0800", "2025-11-15 09:30:00 -0800", "Test iPhone"),
                period(200, "2025-11-15 12:00:00 -0800", "2025-11-15 12:10:00 -0800", "Test iPhone"),
            ])
    ])

    /// A night from 22:00 to 06:00 Los Angeles time: the watch's core sleep until 02:00 and the
    /// phone's sleep from 01:00 overlap by an hour; in bed and awake are not sleep.
    static let night = document(metrics: [
        metric(
            "sleep_analysis", "hr",
            [
                stage("In Bed", "2025-11-14 21:30:00 -0800", "2025-11-15 06:30:00 -0800", "Test Apple Watch"),
                stage("Core", "2025-11-14 22:00:00 -0800", "2025-11-15 02:00:00 -0800", "Test Apple Watch"),
                stage("Awake", "2025-11-15 02:00:00 -0800", "2025-11-15 02:20:00 -0800", "Test Apple Watch"),
                stage("Asleep", "2025-11-15 01:00:00 -0800", "2025-11-15 06:00:00 -0800", "Test iPhone"),
            ])
    ])

    static let run = #"""
        {"id": "HAE-RUN-1", "name": "Outdoor Run", "start": "2025-11-15 07:00:00 -0800", "end": "2025-11-15 07:30:00 -0800",
         "duration": 1800, "activeEnergyBurned": {"qty": 350, "units": "kcal"}, "distance": {"qty": 5, "units": "km"}}
        """#

    @Test(
        "Overlapping step sources are merged, not added; a re-sent batch stores nothing new",
        arguments: Backend.allCases)
    func stepsMergedAndDeduplicated(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let reply = try await harness.ingest(token, Self.steps)
            #expect(reply.status == .ok, "\(reply.text)")
            let report = try reply.decode(HealthService.IngestReport.self)
            #expect(report.status == "success")
            #expect(report.samplesReceived == 3 && report.samplesAdded == 3)
            #expect(report.workoutsReceived == 0 && report.workoutsAdded == 0)
            #expect(report.daysUpdated.map(\.description) == ["2025-11-15"])
            #expect(report.skipped.isEmpty)

            let day = try await harness.day(token, "2025-11-15").decode(DayReport.self)
            #expect(day.snapshots.count == 1)
            #expect(day.snapshot?.source == .healthKit && day.snapshot?.verificationLevel == .deviceVerified)
            #expect(day.steps == 1300)
            #expect(day.workoutsCount == 0)
            #expect(day.sleepMinutes == nil)

            let again = try await harness.ingest(token, Self.steps).decode(HealthService.IngestReport.self)
            #expect(again.samplesReceived == 3 && again.samplesAdded == 0)
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 1300)
            let samples = try await harness.export(token).samples
            #expect(samples.count == 3)
            #expect(samples.map(\.value) == [600, 1000, 200])
            #expect(samples.map(\.sourceName) == ["Test Apple Watch", "Test iPhone", "Test iPhone"])
            #expect(samples.allSatisfy { $0.type == "HKQuantityTypeIdentifierStepCount" })
        }
    }

    @Test(
        "A later batch adds to the day: the snapshot is recomputed from every stored sample",
        arguments: Backend.allCases)
    func laterBatchesAddUp(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            _ = try await harness.ingest(token, Self.steps)
            let evening = Self.document(metrics: [
                Self.metric(
                    "step_count", "count",
                    [
                        Self.period(450, "2025-11-15 18:00:00 -0800", "2025-11-15 18:30:00 -0800", "Test iPhone")
                    ]),
                Self.metric(
                    "active_energy", "kcal",
                    [
                        Self.period(120.5, "2025-11-15 18:00:00 -0800", "2025-11-15 18:30:00 -0800", "Test Apple Watch")
                    ]),
            ])
            let report = try await harness.ingest(token, evening).decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 2 && report.daysUpdated.map(\.description) == ["2025-11-15"])
            let snapshot = try #require(try await harness.day(token, "2025-11-15").decode(DayReport.self).snapshot)
            #expect(snapshot.steps == 1750)
            #expect(snapshot.activeCalories == 120.5)
        }
    }

    @Test(
        "Sleep is the union of asleep intervals of the night ending on the day (noon to noon in the user's zone)",
        arguments: Backend.allCases)
    func sleepUnionInUsersZone(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, pacific) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let (_, utc) = try await harness.user("bob", timeZone: "UTC")
            let local = try await harness.ingest(pacific, Self.night).decode(HealthService.IngestReport.self)
            #expect(local.samplesAdded == 4)
            #expect(local.daysUpdated.map(\.description) == ["2025-11-15"])
            // 22:00 on the 14th to 06:00 on the 15th, the night ending on the 15th (not 8 h + 5 h - ...,
            // not the hour twice, and not split at midnight).
            #expect(try await harness.dayIsEmpty(pacific, "2025-11-14"))
            #expect(try await harness.day(pacific, "2025-11-15").decode(DayReport.self).sleepMinutes == 480)

            // In UTC the same night (06:00-14:00Z) runs past noon: 6 hours end the 15th's night, 2 the 16th's.
            let other = try await harness.ingest(utc, Self.night).decode(HealthService.IngestReport.self)
            #expect(other.daysUpdated.map(\.description) == ["2025-11-15", "2025-11-16"])
            #expect(try await harness.day(utc, "2025-11-15").decode(DayReport.self).sleepMinutes == 360)
            #expect(try await harness.day(utc, "2025-11-16").decode(DayReport.self).sleepMinutes == 120)
            #expect(try await harness.dayIsEmpty(utc, "2025-11-14"))
        }
    }

    @Test(
        "Workouts are stored once by their Health Auto Export id and counted in the day",
        arguments: Backend.allCases)
    func workoutsStoredOnce(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let body = Self.document(workouts: [Self.run])
            let first = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(first.workoutsReceived == 1 && first.workoutsAdded == 1)
            #expect(first.daysUpdated.map(\.description) == ["2025-11-15"])
            let again = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(again.workoutsReceived == 1 && again.workoutsAdded == 0)
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).workoutsCount == 1)
            let workouts = try await harness.export(token).workouts
            #expect(workouts.count == 1)
            let workout = try #require(workouts.first)
            #expect(workout.externalId == "HAE-RUN-1" && workout.type == "running" && workout.source == .healthKit)
            #expect(workout.durationMinutes == 30 && workout.calories == 350 && workout.distance == 5000)
            #expect(workout.date.description == "2025-11-15")
        }
    }

    @Test(
        "The HEALTHKIT day counts HEALTHKIT workouts only, not ones typed in as MANUAL",
        arguments: Backend.allCases)
    func recomputedDayIgnoresManualWorkouts(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let manual = try await harness.sync(
                token,
                #"""
                {"date": "2025-11-15", "source": "MANUAL", "data": {"workouts": [
                 {"type": "yoga", "durationMinutes": 40, "startTime": "2025-11-15T10:00:00-08:00", "externalId": "typed-1"}]}}
                """#)
            #expect(try manual.decode(HealthSyncResponse.self).snapshot.workoutsCount == 1)
            _ = try await harness.ingest(token, Self.document(workouts: [Self.run]))
            let day = try await harness.day(token, "2025-11-15").decode(DayReport.self)
            #expect(day.snapshots.map(\.source) == [.healthKit, .manual])
            #expect(day.snapshots.map(\.workoutsCount) == [1, 1])
        }
    }

    @Test(
        "Bad documents with ?strict=true: 400 for syntax, 422 naming the JSON path; nothing of the batch is stored",
        arguments: Backend.allCases)
    func badDocuments(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let good = Self.period(600, "2025-11-15 08:00:00 -0800", "2025-11-15 09:00:00 -0800", "Watch")
            let cases: [(body: String, field: String?)] = [
                (
                    Self.document(metrics: [
                        Self.metric(
                            "step_count", "count", [good, #"{"qty": "many", "date": "2025-11-15 10:00:00 -0800"}"#])
                    ]),
                    "data.metrics[0].data[1].qty"
                ),
                (
                    Self.document(metrics: [
                        Self.metric("step_count", "count", [good, #"{"qty": 5, "date": "yesterday"}"#])
                    ]),
                    "data.metrics[0].data[1].date"
                ),
                (Self.document(metrics: [Self.metric("step_count", "kg", [good])]), "data.metrics[0].units"),
                (
                    Self.document(metrics: [
                        Self.metric(
                            "sleep_analysis", "hr",
                            [Self.stage("Dozing", "2025-11-15 01:00:00 -0800", "2025-11-15 02:00:00 -0800", "W")])
                    ]),
                    "data.metrics[0].data[0].value"
                ),
                (#"{"metrics": []}"#, "data"),
            ]
            for (body, field) in cases {
                let reply = try await harness.send(
                    .post, "/api/v1/ingest/health-auto-export?strict=true", token: token,
                    json: body)
                #expect(reply.status == .unprocessableContent, "\(body)")
                #expect(reply.errorField == field, "\(body): \(reply.text)")
            }
            let broken = Self.document(metrics: [Self.metric("step_count", "count", [good])]).replacingOccurrences(
                of: #""qty": 600.0,"#, with: #""qty": 600.0"#)
            let syntax = try await harness.ingest(token, broken)
            #expect(syntax.status == .badRequest && syntax.errorCode == "invalid_json")
            #expect(syntax.errorField == "data.metrics[0].data[0]")
            let export = try await harness.export(token)
            #expect(export.samples.isEmpty && export.snapshots.isEmpty && export.workouts.isEmpty)
        }
    }

    @Test("Parts Vitals does not store are reported as skipped, the rest stored", arguments: Backend.allCases)
    func skippedParts(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let body = Self.document(metrics: [
                Self.metric(
                    "step_count", "count",
                    [Self.period(42, "2025-11-15 08:00:00 -0800", "2025-11-15 08:05:00 -0800", "Watch")]),
                Self.metric("dream_intensity", "count", [#"{"qty": 3, "date": "2025-11-15 08:00:00 -0800"}"#]),
            ])
            let report = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 1)
            #expect(report.skipped.map(\.name) == ["dream_intensity"] && report.skipped.map(\.count) == [1])
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 42)
        }
    }
}
