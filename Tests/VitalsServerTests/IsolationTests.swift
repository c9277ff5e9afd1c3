import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsTesting

/// No route lets one user read or change another's data: snapshots, workouts, samples, quests,
/// completions, exports, erasure and uploaded imports all stay within the token's user.
@Suite("Server: cross-user isolation")
struct IsolationTests {
    @Test(
        "Every /api route answers 401, the same body each time, without a valid token",
        arguments: Backend.allCases)
    func everyAPIRouteNeedsAToken(backend: Backend) async throws {
        let api = try registeredRoutes().filter { $0.path.hasPrefix("/api") }
        #expect(api.count == 24)
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            var bodies: Set<Data> = []
            for route in api {
                let uri = route.path.replacingOccurrences(of: "{date}", with: "2025-11-16")
                    .replacingOccurrences(of: "{id}", with: "some-id")
                    .replacingOccurrences(of: "{uuid}", with: UUID().uuidString)
                let method = HTTPRequest.Method(route.method)!
                for bad in [nil, "vt_" + String(repeating: "0", count: 64), String(token.dropLast())] {
                    let reply = try await harness.send(method, uri, token: bad, json: method == .post ? "{}" : nil)
                    #expect(reply.status == .unauthorized, "\(route) with \(bad ?? "no token")")
                    bodies.insert(reply.body)
                }
            }
            #expect(bodies.count == 1)
        }
    }

    @Test("Snapshots: B neither sees A's days nor changes them by writing the same day", arguments: Backend.allCases)
    func snapshots(backend: Backend) async throws {
        try await withServer(backend, configuration: .ticking) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            #expect(try await harness.daily(ada, DailyEndpointTests.fullDay).status == .ok)
            let before = try await harness.export(ada).snapshots
            #expect(try await harness.dayIsEmpty(bob, "2025-11-16"))
            #expect(try await harness.dayIsEmpty(bob, "today"))

            #expect(try await harness.daily(bob, #"{"date": "2025-11-16", "steps": 1, "hrv": 2}"#).status == .ok)
            #expect(
                try await harness.sync(bob, #"{"source": "HEALTHKIT", "data": {"steps": 3, "sleepMinutes": 4}}"#).status
                    == .ok)
            let bobDay = try await harness.day(bob, "today").decode(DayReport.self)
            #expect(bobDay.snapshots.count == 1)
            #expect(bobDay.steps == 3 && bobDay.hrv == 2 && bobDay.sleepMinutes == 4)
            #expect(bobDay.exerciseMinutes == nil && bobDay.standMinutes == nil)
            #expect(try await harness.export(ada).snapshots == before)
            #expect(try await harness.day(ada, "today").decode(DayReport.self).steps == 8500)
        }
    }

    @Test(
        "Workouts: the same externalId is new for each user and counted for its owner only",
        arguments: Backend.allCases)
    func workouts(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            let body =
                #"{"source": "HEALTHKIT", "data": {"workouts": [\#(SyncEndpointTests.workout("shared-uuid", start: "2025-11-16T08:00:00Z"))]}}"#
            let first = try await harness.sync(ada, body).decode(HealthSyncResponse.self)
            let second = try await harness.sync(bob, body).decode(HealthSyncResponse.self)
            #expect(first.message == "Synced 2025-11-16: 1 of 1 workouts new.")
            #expect(second.message == "Synced 2025-11-16: 1 of 1 workouts new.")
            #expect(first.snapshot.workoutsCount == 1 && second.snapshot.workoutsCount == 1)
            #expect(try await harness.export(ada).workouts.count == 1)
            #expect(try await harness.export(bob).workouts.count == 1)
        }
    }

    @Test(
        "Samples: the same batch is new for each user, and a user's days use their own samples only",
        arguments: Backend.allCases)
    func samples(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let (_, bob) = try await harness.user("bob", timeZone: "America/Los_Angeles")
            let adaReport = try await harness.ingest(ada, IngestEndpointTests.steps).decode(
                HealthService.IngestReport.self)
            let bobReport = try await harness.ingest(bob, IngestEndpointTests.steps).decode(
                HealthService.IngestReport.self)
            #expect(adaReport.samplesAdded == 3 && bobReport.samplesAdded == 3)
            let extra = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            77, "2025-11-15 20:00:00 -0800", "2025-11-15 20:05:00 -0800", "Bob's Phone")
                    ])
            ])
            _ = try await harness.ingest(bob, extra)
            #expect(try await harness.day(ada, "2025-11-15").decode(DayReport.self).steps == 1300)
            #expect(try await harness.day(bob, "2025-11-15").decode(DayReport.self).steps == 1377)
            #expect(try await harness.export(ada).samples.count == 3)
            #expect(try await harness.export(bob).samples.count == 4)
        }
    }

    @Test("Quests: B cannot list, delete or complete A's quests", arguments: Backend.allCases)
    func quests(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            let id = try await harness.quest(ada, QuestTests.stepsQuest)
            #expect(try await harness.send(.get, "/api/quests", token: bob).decode([Quest].self).isEmpty)
            let delete = try await harness.send(.delete, "/api/quests/\(id)", token: bob)
            #expect(delete.status == .notFound && delete.errorCode == "not_found")
            #expect(try await harness.send(.get, "/api/quests", token: ada).decode([Quest].self).map(\.id) == [id])
            let bobs = try await harness.quest(bob, #"{"title": "Bob's", "metric": "sleepMinutes", "target": 1}"#)
            #expect(try await harness.send(.get, "/api/quests", token: ada).decode([Quest].self).map(\.id) == [id])
            #expect(try await harness.send(.get, "/api/quests", token: bob).decode([Quest].self).map(\.id) == [bobs])
            #expect(try await harness.send(.delete, "/api/quests/\(bobs)", token: ada).status == .notFound)

            let bobSync = try await harness.sync(bob, #"{"source": "HEALTHKIT", "data": {"steps": 50000}}"#)
                .decode(HealthSyncResponse.self)
            // Only Bob's own quest is looked at (and his steps do not meet a sleep quest).
            #expect(bobSync.questsEvaluated == 1 && bobSync.questsCompleted == 0)
            #expect(bobSync.questResults.map(\.questId) == [bobs])
            #expect(try await harness.export(ada).questCompletions.isEmpty)
            // A's own data still completes it, once.
            let adaSync = try await harness.sync(ada, #"{"source": "HEALTHKIT", "data": {"steps": 10000}}"#)
                .decode(HealthSyncResponse.self)
            #expect(adaSync.questsCompleted == 1)
            #expect(try await harness.export(bob).questCompletions.isEmpty)
        }
    }

    @Test("Imports: B can neither read nor list A's upload, which goes into A's data only", arguments: Backend.allCases)
    func imports(backend: Backend) async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(backend, configuration: .uploads(into: folder.path)) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            let export = ExportText.document(ExportText.steps(400, from: "08:00:00", to: "08:10:00"))
            let job = try await harness.queuedJob(ada, Data(export.utf8))
            let read = try await harness.send(.get, "/api/me/imports/\(job.id)", token: bob)
            #expect(read.status == .notFound && read.errorCode == "not_found")
            #expect(try await harness.send(.get, "/api/me/imports", token: bob).decode([ImportJob].self).isEmpty)
            #expect(try await harness.finishedJob(ada, job.id).state == .succeeded)
            #expect(try await harness.send(.get, "/api/me/imports/\(job.id)", token: bob).status == .notFound)
            #expect(try await harness.export(ada).samples.count == 1)
            #expect(try await harness.export(bob).samples.isEmpty)
        }
    }

    @Test("Export, erase and /api/me are the token's user's only", arguments: Backend.allCases)
    func exportAndErase(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob", timeZone: "Europe/Berlin")
            try await DataRightsTests.fill(harness, ada)
            #expect(
                try await harness.send(.get, "/api/me", token: bob).object["timeZone"] as? String == "Europe/Berlin")
            let bobExport = try await harness.export(bob)
            #expect(bobExport.user.name == "bob")
            #expect(bobExport.snapshots.isEmpty && bobExport.workouts.isEmpty && bobExport.samples.isEmpty)
            #expect(bobExport.quests.isEmpty && bobExport.questCompletions.isEmpty)
            let adaBefore = try await harness.send(.get, "/api/me/export", token: ada).body
            let erased = try await harness.send(.delete, "/api/me/data", token: bob)
            let counts = try #require(erased.object["erased"] as? [String: Any])
            #expect(counts.values.allSatisfy { ($0 as? NSNumber)?.intValue == 0 })
            #expect(try await harness.send(.get, "/api/me/export", token: ada).body == adaBefore)
        }
    }
}
