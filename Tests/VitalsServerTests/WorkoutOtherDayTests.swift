import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsTesting

/// Seed 001's sync carries a day's workouts, but a workout's day is the one it started on in the
/// user's zone: one that started the evening before the request's `date` (or after midnight)
/// counts on its own day, whose snapshot and quests are updated in the same write.
@Suite("Seed 001: workouts on another day")
struct WorkoutOtherDayTests {
    static func sync(
        date: String, source: String = "HEALTHKIT", steps: Int? = nil, workouts: [(id: String, start: String)]
    )
        -> String
    {
        let list = workouts.map {
            #"{"type": "running", "durationMinutes": 40, "calories": 300, "startTime": "\#($0.start)", "externalId": "\#($0.id)"}"#
        }
        let stepsMember = steps.map { #""steps": \#($0), "# } ?? ""
        return
            #"{"date": "\#(date)", "source": "\#(source)", "data": {\#(stepsMember)"workouts": [\#(list.joined(separator: ", "))]}}"#
    }

    @Test(
        "Seed 001: a sync for 2026-03-10 with a run started 23:30 the evening before counts it on 2026-03-09 and completes that day's quest",
        arguments: Backend.allCases)
    func workoutTheEveningBefore(backend: Backend) async throws {
        let clock = TestClock("2026-03-08T12:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let train = try await harness.quest(
                token, #"{"title": "Train", "metric": "workoutsCount", "target": 1, "requiresVerified": true}"#)
            clock.set("2026-03-10T08:00:00Z")
            let body = Self.sync(date: "2026-03-10", steps: 4000, workouts: [("late-run", "2026-03-09T23:30:00+01:00")])
            let reply = try await harness.sync(token, body)
            try #require(reply.status == .ok, "\(reply.text)")
            let response = try reply.decode(HealthSyncResponse.self)
            // The request's day has its steps, and no workout of its own.
            #expect(response.snapshot.date.description == "2026-03-10")
            #expect(response.snapshot.steps == 4000 && response.snapshot.workoutsCount == 0)
            #expect(response.questResults == [.init(questId: train, title: "Train", wasCompleted: false)])
            // The run's day got its count, as the request's source (device-verified), and its quest.
            #expect(response.questsCompleted == 1)
            let evening = try await harness.day(token, "2026-03-09").decode(DayReport.self)
            let snapshot = try #require(evening.snapshot)
            #expect(evening.snapshots.count == 1)
            #expect(snapshot.source == .healthKit && snapshot.verificationLevel == .deviceVerified)
            #expect(snapshot.workoutsCount == 1 && snapshot.steps == nil)
            #expect(snapshot.updatedAt == clock.now)
            let export = try await harness.export(token)
            #expect(export.workouts.map(\.date.description) == ["2026-03-09"])
            #expect(export.questCompletions.map(\.period) == ["2026-03-09"])
            #expect(export.questCompletions.map(\.date.description) == ["2026-03-09"])

            // A retry changes nothing and completes nothing again.
            clock.set("2026-03-10T09:00:00Z")
            let retry = try await harness.sync(token, body).decode(HealthSyncResponse.self)
            #expect(retry.questsCompleted == 0)
            #expect(try await harness.day(token, "2026-03-09").decode(DayReport.self).snapshot == snapshot)
        }
    }

    @Test(
        "Seed 001: a run started after midnight counts on the next day; a MANUAL one there is self-reported and completes no verified quest",
        arguments: Backend.allCases)
    func workoutAfterMidnight(backend: Backend) async throws {
        let clock = TestClock("2026-03-09T12:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/New_York")
            let verified = try await harness.quest(
                token, #"{"title": "Verified", "metric": "workoutsCount", "target": 1, "requiresVerified": true}"#)
            let any = try await harness.quest(token, #"{"title": "Any", "metric": "workoutsCount", "target": 2}"#)
            clock.set("2026-03-11T12:00:00Z")
            // 00:15 on the 11th in New York, synced with the 10th's data; the day already has a
            // HEALTHKIT workout, so it counts two.
            let early = try await harness.sync(
                token, Self.sync(date: "2026-03-11", workouts: [("morning", "2026-03-11T07:00:00-04:00")]))
            #expect(try early.decode(HealthSyncResponse.self).snapshot.workoutsCount == 1)
            let body = Self.sync(
                date: "2026-03-10",
                workouts: [
                    ("on-10th", "2026-03-10T18:00:00-04:00"),
                    ("after-midnight", "2026-03-11T00:15:00-04:00"),
                ])
            let response = try await harness.sync(token, body).decode(HealthSyncResponse.self)
            #expect(response.snapshot.workoutsCount == 1)
            let next = try await harness.day(token, "2026-03-11").decode(DayReport.self)
            #expect(next.snapshot?.workoutsCount == 2)
            // The 11th's verified quest completed on the first sync; "Any" (two workouts) only now.
            #expect(response.questsCompleted == 2)
            let completions = try await harness.export(token).questCompletions.map {
                "\($0.questId == any ? "any" : "verified") \($0.period)"
            }
            #expect(completions.sorted() == ["any 2026-03-11", "verified 2026-03-10", "verified 2026-03-11"])

            // A MANUAL workout on another day gets that day a MANUAL (self-reported) snapshot.
            let typed = Self.sync(
                date: "2026-03-10", source: "MANUAL", workouts: [("typed", "2026-03-09T21:00:00-04:00")])
            let manual = try await harness.sync(token, typed).decode(HealthSyncResponse.self)
            #expect(manual.questsCompleted == 0)
            let day = try await harness.day(token, "2026-03-09").decode(DayReport.self)
            #expect(day.snapshots.map(\.source) == [.manual])
            #expect(day.snapshot?.verificationLevel == .selfReported && day.workoutsCount == 1)
            #expect(
                !(try await harness.export(token).questCompletions.contains {
                    $0.questId == verified && $0.period == "2026-03-09"
                }))
        }
    }
}
