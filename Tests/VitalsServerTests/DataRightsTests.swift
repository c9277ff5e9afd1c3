import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsServerStorage

/// `GET /api/me/export` and `DELETE /api/me/data`: everything of the user out, then nothing left,
/// and other users untouched.
@Suite("Server: export and erase")
struct DataRightsTests {
    /// Gives the user two snapshots (HEALTHKIT, MANUAL) on 2025-11-16 plus a HEALTHKIT one on
    /// 2025-11-15 from samples, two workouts, three samples, one quest and its completion, and the
    /// HEALTHKIT sync's raw data.
    static func fill(_ harness: Harness, _ token: String) async throws {
        _ = try await harness.quest(token, #"{"title": "Walk", "metric": "steps", "target": 5000}"#)
        let sync = try await harness.sync(
            token,
            #"""
            {"source": "HEALTHKIT", "data": {"steps": 6000, "workouts": [
             {"type": "running", "durationMinutes": 30, "startTime": "2025-11-16T07:00:00Z", "externalId": "w-1"}]},
             "rawData": {"healthkit": {"stepCount": 6000}}}
            """#)
        try #require(sync.status == .ok)
        try #require(
            try await harness.sync(token, #"{"source": "MANUAL", "data": {"proteinLogged": true}}"#).status == .ok)
        let ingest = IngestEndpointTests.document(
            metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            600, "2025-11-15 08:00:00 +0000", "2025-11-15 09:00:00 +0000", "Watch"),
                        IngestEndpointTests.period(
                            400, "2025-11-15 10:00:00 +0000", "2025-11-15 11:00:00 +0000", "Watch"),
                        IngestEndpointTests.period(
                            100, "2025-11-15 12:00:00 +0000", "2025-11-15 13:00:00 +0000", "Phone"),
                    ])
            ],
            workouts: [
                #"{"id": "hae-1", "name": "Walk", "start": "2025-11-15 15:00:00 +0000", "end": "2025-11-15 15:20:00 +0000"}"#
            ])
        try #require(try await harness.ingest(token, ingest).status == .ok)
    }

    @Test("The export holds every kind of data the user has", arguments: Backend.allCases)
    func exportHoldsEverything(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            try await Self.fill(harness, token)
            let reply = try await harness.send(.get, "/api/me/export", token: token)
            #expect(reply.status == .ok)
            #expect(
                Set(reply.object.keys)
                    == [
                        "user", "snapshots", "workouts", "samples", "quests", "questCompletions", "ingests",
                        "workoutSamples",
                        "routes", "activitySummaries", "characteristics", "rawData",
                    ])
            let export = try reply.decode(UserExport.self)
            #expect(export.user.name == "ada" && export.user.timeZone == "UTC")
            #expect(export.user.createdAt == ServerConfiguration.fixedNow)
            #expect(!reply.text.contains("token") && !reply.text.contains("hash"))
            #expect(
                export.snapshots.map { "\($0.date) \($0.source.rawValue)" }
                    == ["2025-11-15 HEALTHKIT", "2025-11-16 HEALTHKIT", "2025-11-16 MANUAL"])
            #expect(export.snapshots.map(\.steps) == [1100, 6000, nil])
            #expect(export.snapshots.map(\.workoutsCount) == [1, 1, nil])
            #expect(export.snapshots[2].proteinLogged == true)
            #expect(export.workouts.map(\.externalId) == ["hae-1", "w-1"])
            #expect(export.samples.map(\.value) == [600, 400, 100])
            #expect(export.quests.map(\.title) == ["Walk"])
            #expect(export.questCompletions.map(\.period) == ["2025-11-16"])
            #expect(export.ingests.map(\.kind) == [.sync, .sync, .healthAutoExport])
            #expect(export.ingests.last?.samplesStored == 3)
            #expect(
                export.rawData.map { "\($0.date) \($0.source.rawValue) \($0.healthkit.text)" }
                    == [#"2025-11-16 HEALTHKIT {"stepCount":6000}"#])
        }
    }

    @Test(
        "Export then erase leaves the user with nothing; the account stays; others are untouched",
        arguments: Backend.allCases)
    func eraseLeavesNothing(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            try await Self.fill(harness, ada)
            try await Self.fill(harness, bob)
            let bobBefore = try await harness.send(.get, "/api/me/export", token: bob)
            #expect(try await harness.export(ada).samples.count == 3)

            let erased = try await harness.send(.delete, "/api/me/data", token: ada)
            #expect(erased.status == .ok)
            #expect(erased.object["status"] as? String == "deleted")
            let counts = try #require(erased.object["erased"] as? [String: Any])
            #expect(
                counts.mapValues { ($0 as? NSNumber)?.intValue ?? -1 }
                    == [
                        "snapshots": 3, "workouts": 2, "samples": 3, "quests": 1, "questCompletions": 1, "ingests": 3,
                        "workoutSamples": 0, "routePoints": 0, "activitySummaries": 0, "characteristics": 0,
                        "importJobs": 0, "rawData": 1,
                    ])

            let export = try await harness.export(ada)
            #expect(export.snapshots.isEmpty && export.workouts.isEmpty && export.samples.isEmpty)
            #expect(export.quests.isEmpty && export.questCompletions.isEmpty && export.ingests.isEmpty)
            #expect(export.rawData.isEmpty)
            #expect(export.user.name == "ada")
            #expect(try await harness.dayIsEmpty(ada, "today"))
            #expect(try await harness.dayIsEmpty(ada, "2025-11-15"))
            #expect(try await harness.send(.get, "/api/quests", token: ada).decode([Quest].self).isEmpty)
            #expect(try await harness.send(.get, "/api/me", token: ada).status == .ok)

            // Bob's data is byte for byte what it was.
            let bobAfter = try await harness.send(.get, "/api/me/export", token: bob)
            #expect(bobAfter.body == bobBefore.body)
            #expect(try bobAfter.decode(UserExport.self).snapshots.count == 3)

            // Erasing again finds nothing.
            let again = try await harness.send(.delete, "/api/me/data", token: ada)
            let zero = try #require(again.object["erased"] as? [String: Any])
            #expect(zero.values.allSatisfy { ($0 as? NSNumber)?.intValue == 0 } && zero.count == 12)
        }
    }

    @Test("After an erase, the same workouts and samples are new again", arguments: Backend.allCases)
    func eraseForgetsIdentities(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            try await Self.fill(harness, token)
            #expect(try await harness.send(.delete, "/api/me/data", token: token).status == .ok)
            let sync = try await harness.sync(
                token,
                #"""
                {"source": "HEALTHKIT", "data": {"workouts": [
                 {"type": "running", "durationMinutes": 30, "startTime": "2025-11-16T07:00:00Z", "externalId": "w-1"}]}}
                """#
            ).decode(HealthSyncResponse.self)
            #expect(sync.message == "Synced 2025-11-16: 1 of 1 workouts new.")
            #expect(sync.snapshot.workoutsCount == 1 && sync.snapshot.steps == nil)
            let report = try await harness.ingest(token, IngestEndpointTests.steps).decode(
                HealthService.IngestReport.self)
            #expect(report.samplesAdded == 3)
        }
    }
}
