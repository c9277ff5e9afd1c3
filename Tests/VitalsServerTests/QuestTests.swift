import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsServerStorage

/// `POST/GET/DELETE /api/quests`, and quest completion after every write of health data:
/// exactly once per period, and never by self-reported data when a quest requires verified data.
@Suite("Server: quests")
struct QuestTests {
    static let stepsQuest = #"{"title": "Walk 10k", "metric": "steps", "target": 10000}"#

    @Test("Create, list and delete; defaults are atLeast, daily, not verified-only", arguments: Backend.allCases)
    func crud(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let created = try await harness.send(.post, "/api/quests", token: token, json: Self.stepsQuest)
            #expect(created.status == .created)
            let quest = try created.decode(Quest.self)
            #expect(quest.id.count == 36 && quest.id == quest.id.lowercased())
            #expect(quest.title == "Walk 10k" && quest.metric == .steps && quest.target == 10000)
            #expect(quest.comparison == .atLeast && quest.recurrence == .daily && quest.requiresVerified == false)
            #expect(created.object["createdAt"] as? String == "2025-11-16T12:00:00Z")
            let second = try await harness.quest(
                token,
                #"""
                {"title": "Sleep well once", "metric": "sleepMinutes", "comparison": "greaterThan", "target": 420,
                 "recurrence": "once", "requiresVerified": true}
                """#)

            let listed = try await harness.send(.get, "/api/quests", token: token)
            #expect(listed.status == .ok)
            let quests = try listed.decode([Quest].self)
            #expect(quests.map(\.id) == [quest.id, second].sorted())
            let once = try #require(quests.first { $0.id == second })
            #expect(once.comparison == .greaterThan && once.recurrence == .once && once.requiresVerified)

            let deleted = try await harness.send(.delete, "/api/quests/\(quest.id)", token: token)
            #expect(deleted.status == .noContent && deleted.body.isEmpty)
            #expect(
                try await harness.send(.get, "/api/quests", token: token).decode([Quest].self).map(\.id) == [second])
            let again = try await harness.send(.delete, "/api/quests/\(quest.id)", token: token)
            #expect(again.status == .notFound && again.errorCode == "not_found" && again.errorField == "id")
            #expect(try await harness.send(.delete, "/api/quests/no-such-quest", token: token).status == .notFound)
        }
    }

    /// The largest finite Double plus one, written out: it parses to that Double.
    static let aboveLargestDouble =
        "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858369"

    @Test("Invalid quests are 422 naming the field (400 when not JSON) and create nothing", arguments: Backend.allCases)
    func invalidQuests(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let cases: [(String, String)] = [
                (#"{"metric": "steps", "target": 1}"#, "title"),
                (#"{"title": "", "metric": "steps", "target": 1}"#, "title"),
                (#"{"title": "x", "target": 1}"#, "metric"),
                (#"{"title": "x", "metric": "floors", "target": 1}"#, "metric"),
                (#"{"title": "x", "metric": "steps", "comparison": "about", "target": 1}"#, "comparison"),
                (#"{"title": "x", "metric": "steps", "recurrence": "weekly", "target": 1}"#, "recurrence"),
                (#"{"title": "x", "metric": "steps", "target": -1}"#, "target"),
                (#"{"title": "x", "metric": "steps", "target": 1000000001}"#, "target"),
                // Above the largest finite Double, which it parses to (schemathesis found it accepted).
                (#"{"title": "x", "metric": "hrv", "target": \#(Self.aboveLargestDouble)}"#, "target"),
                (#"{"title": "x", "metric": "steps", "target": "lots"}"#, "target"),
                (#"{"title": "x", "metric": "steps"}"#, "target"),
                (#"{"title": "x", "metric": "steps", "target": 1, "requiresVerified": "yes"}"#, "requiresVerified"),
            ]
            for (body, field) in cases {
                let reply = try await harness.send(.post, "/api/quests", token: token, json: body)
                #expect(reply.status == .unprocessableContent, "\(body)")
                #expect(reply.errorField == field, "\(body)")
            }
            let malformed = try await harness.send(.post, "/api/quests", token: token, json: #"{"title": "x""#)
            #expect(malformed.status == .badRequest && malformed.errorCode == "invalid_json")
            #expect(try await harness.send(.get, "/api/quests", token: token).decode([Quest].self).isEmpty)
        }
    }

    @Test("A daily quest completes once per day however often the day is synced", arguments: Backend.allCases)
    func dailyQuestOncePerDay(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let id = try await harness.quest(token, Self.stepsQuest)
            func sync(_ steps: Int, on date: String = "2025-11-16") async throws -> HealthSyncResponse {
                try await harness.sync(
                    token, #"{"date": "\#(date)", "source": "HEALTHKIT", "data": {"steps": \#(steps)}}"#
                )
                .decode(HealthSyncResponse.self)
            }
            let short = try await sync(8000)
            #expect(short.questsEvaluated == 1 && short.questsCompleted == 0)
            #expect(short.questResults == [.init(questId: id, title: "Walk 10k", wasCompleted: false)])
            #expect(short.message == "Synced 2025-11-16.")
            let met = try await sync(12000)
            #expect(met.questsCompleted == 1)
            #expect(met.questResults == [.init(questId: id, title: "Walk 10k", wasCompleted: true)])
            #expect(met.message == "Synced 2025-11-16; 1 quest(s) completed.")
            for steps in [12000, 13000, 9000] {
                let repeated = try await sync(steps)
                #expect(repeated.questsCompleted == 0 && repeated.questResults.map(\.wasCompleted) == [true])
            }
            // Another day is another period.
            #expect(try await sync(15000, on: "2025-11-17").questsCompleted == 1)
            let completions = try await harness.export(token).questCompletions
            #expect(completions.map(\.period) == ["2025-11-16", "2025-11-17"])
            #expect(completions.allSatisfy { $0.questId == id })
        }
    }

    @Test(
        "A quest counts from the day it was created (user's zone): backfilled earlier days neither complete nor list it",
        arguments: Backend.allCases)
    func questStartsOnItsDay(backend: Backend) async throws {
        try await withServer(backend) { harness in
            // Created 2025-11-16T12:00Z: 2025-11-17 01:00 in Auckland, so 2025-11-16 is before it there.
            let (_, token) = try await harness.user("kiri", timeZone: "Pacific/Auckland")
            let id = try await harness.quest(token, Self.stepsQuest)
            func sync(_ date: String) async throws -> HealthSyncResponse {
                try await harness.sync(token, #"{"date": "\#(date)", "source": "HEALTHKIT", "data": {"steps": 20000}}"#)
                    .decode(HealthSyncResponse.self)
            }
            for date in ["2025-11-10", "2025-11-16"] {
                let backfilled = try await sync(date)
                #expect(
                    backfilled.questsEvaluated == 0 && backfilled.questsCompleted == 0
                        && backfilled.questResults.isEmpty)
            }
            let first = try await sync("2025-11-17")
            #expect(first.questsEvaluated == 1 && first.questsCompleted == 1)
            #expect(first.questResults == [.init(questId: id, title: "Walk 10k", wasCompleted: true)])
            #expect(try await harness.export(token).questCompletions.map(\.period) == ["2025-11-17"])
        }
    }

    @Test("A once quest completes once ever", arguments: Backend.allCases)
    func onceQuestOnceEver(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let id = try await harness.quest(
                token, #"{"title": "Sleep 7h", "metric": "sleepMinutes", "target": 420, "recurrence": "once"}"#)
            let first = try await harness.daily(token, #"{"date": "2025-11-16", "sleep_minutes": 450}"#)
            #expect(first.status == .ok)
            for date in ["2025-11-17", "2025-11-16"] {
                let sync = try await harness.sync(
                    token, #"{"date": "\#(date)", "source": "HEALTHKIT", "data": {"sleepMinutes": 480}}"#
                )
                .decode(HealthSyncResponse.self)
                #expect(sync.questsCompleted == 0 && sync.questResults.map(\.wasCompleted) == [true], "\(date)")
            }
            let completions = try await harness.export(token).questCompletions
            #expect(completions.count == 1)
            #expect(completions.first?.questId == id && completions.first?.period == "once")
            #expect(completions.first?.date.description == "2025-11-16")
        }
    }

    @Test(
        "A quest requiring verified data is not completed by MANUAL data, but is by HEALTHKIT data",
        arguments: Backend.allCases)
    func verifiedOnly(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let verified = try await harness.quest(
                token, #"{"title": "Verified 5k", "metric": "steps", "target": 5000, "requiresVerified": true}"#)
            let any = try await harness.quest(token, #"{"title": "Any 5k", "metric": "steps", "target": 5000}"#)
            let manual = try await harness.sync(token, #"{"source": "MANUAL", "data": {"steps": 20000}}"#)
                .decode(HealthSyncResponse.self)
            #expect(manual.questsEvaluated == 2 && manual.questsCompleted == 1)
            #expect(
                Dictionary(uniqueKeysWithValues: manual.questResults.map { ($0.questId, $0.wasCompleted) })
                    == [verified: false, any: true])
            let device = try await harness.sync(token, #"{"source": "GOOGLE_FIT", "data": {"steps": 6000}}"#)
                .decode(HealthSyncResponse.self)
            #expect(device.questsCompleted == 1)
            #expect(device.questResults.map(\.wasCompleted) == [true, true])
        }
    }

    @Test(
        "A verified-only workout quest is not completed by a MANUAL workout when samples recompute the day",
        arguments: Backend.allCases)
    func manualWorkoutsDoNotVerify(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            _ = try await harness.quest(
                token, #"{"title": "Train", "metric": "workoutsCount", "target": 1, "requiresVerified": true}"#)
            let typed = try await harness.sync(
                token,
                #"""
                {"date": "2025-11-15", "source": "MANUAL", "data": {"workouts": [
                 {"type": "yoga", "durationMinutes": 40, "startTime": "2025-11-15T10:00:00-08:00", "externalId": "typed"}]}}
                """#
            ).decode(HealthSyncResponse.self)
            #expect(typed.questsCompleted == 0)
            let steps = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            900, "2025-11-15 08:00:00 -0800", "2025-11-15 09:00:00 -0800", "Watch")
                    ])
            ])
            let report = try await harness.ingest(token, steps).decode(HealthService.IngestReport.self)
            #expect(report.questsCompleted == 0)
            #expect(try await harness.export(token).questCompletions.isEmpty)
        }
    }

    @Test("Concurrent syncs of the same day complete a quest exactly once", arguments: Backend.allCases)
    func concurrentSyncsCompleteOnce(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            _ = try await harness.quest(token, Self.stepsQuest)
            let completed = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let reply = try await harness.sync(
                            token, #"{"source": "HEALTHKIT", "data": {"steps": \#(12000 + index)}}"#)
                        try #require(reply.status == .ok, "\(reply.text)")
                        return try reply.decode(HealthSyncResponse.self).questsCompleted
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(completed == 1)
            #expect(try await harness.export(token).questCompletions.count == 1)
        }
    }

    @Test(
        "Daily upserts and ingestion complete quests too; deleting a quest removes its completions",
        arguments: Backend.allCases)
    func otherWritesCompleteQuests(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let id = try await harness.quest(token, #"{"title": "Walk", "metric": "steps", "target": 1000}"#)
            // The quest was created on 2025-11-16 (Los Angeles): 2025-11-15 does not count.
            let daily = try await harness.daily(
                token,
                #"""
                [{"date": "2025-11-15", "steps": 1200}, {"date": "2025-11-16", "steps": 999}, {"date": "2025-11-17", "steps": 1000}]
                """#)
            #expect(daily.status == .ok)
            #expect(try await harness.export(token).questCompletions.map(\.period) == ["2025-11-17"])
            let steps = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    [
                        IngestEndpointTests.period(
                            1500, "2025-11-16 08:00:00 -0800", "2025-11-16 09:00:00 -0800", "Test iPhone")
                    ])
            ])
            let report = try await harness.ingest(token, steps).decode(HealthService.IngestReport.self)
            #expect(report.questsCompleted == 1)
            #expect(try await harness.ingest(token, steps).decode(HealthService.IngestReport.self).questsCompleted == 0)
            #expect(try await harness.export(token).questCompletions.map(\.period) == ["2025-11-16", "2025-11-17"])
            #expect(try await harness.send(.delete, "/api/quests/\(id)", token: token).status == .noContent)
            #expect(try await harness.export(token).questCompletions.isEmpty)
        }
    }
}
