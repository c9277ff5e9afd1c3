import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServerStorage
import VitalsTesting

/// Quests compared with `atMost`, `lessThan` or `equal` are decided by the whole day: they
/// complete once the day is over in the user's zone, at the first write after it ended.
@Suite("Server: quests that wait for the day's end")
struct QuestDayEndTests {
    static let lightDay = #"{"title": "Light day", "metric": "activeCalories", "comparison": "atMost", "target": 2000}"#

    static func sync(
        _ harness: Harness, _ token: String, date: String? = nil, _ data: String
    ) async throws
        -> HealthSyncResponse
    {
        let dateMember = date.map { #""date": "\#($0)", "# } ?? ""
        let reply = try await harness.sync(token, #"{\#(dateMember)"source": "HEALTHKIT", "data": {\#(data)}}"#)
        try #require(reply.status == .ok, "\(reply.text)")
        return try reply.decode(HealthSyncResponse.self)
    }

    @Test(
        "An atMost quest is not complete during the day (9 am, 10 pm) and completes at the first sync after midnight",
        arguments: Backend.allCases)
    func atMostWaitsForDayEnd(backend: Backend) async throws {
        let clock = TestClock("2025-11-16T08:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let id = try await harness.quest(token, Self.lightDay)
            // 9 am and 10 pm in Berlin: under 2000 kcal so far, but the day is not over.
            for (time, calories) in [("2025-11-16T08:00:00Z", 600), ("2025-11-16T21:00:00Z", 1800)] {
                clock.set(time)
                let during = try await Self.sync(harness, token, #""activeCalories": \#(calories)"#)
                #expect(during.snapshot.date.description == "2025-11-16")
                #expect(during.questsCompleted == 0, "\(time)")
                #expect(during.questResults == [.init(questId: id, title: "Light day", wasCompleted: false)], "\(time)")
            }
            #expect(try await harness.export(token).questCompletions.isEmpty)

            // 00:30 on the 17th in Berlin: the first sync of the new day completes the 16th.
            clock.set("2025-11-16T23:30:00Z")
            let morning = try await Self.sync(harness, token, #""steps": 300"#)
            #expect(morning.snapshot.date.description == "2025-11-17")
            #expect(morning.questsCompleted == 1)
            #expect(morning.questResults == [.init(questId: id, title: "Light day", wasCompleted: false)])
            let completions = try await harness.export(token).questCompletions
            #expect(completions.map(\.period) == ["2025-11-16"])
            #expect(completions.first?.completedAt == clock.now)
            #expect(try await Self.sync(harness, token, #""steps": 400"#).questsCompleted == 0)

            // The 17th goes over: when it is over, it does not complete.
            _ = try await Self.sync(harness, token, #""activeCalories": 2500"#)
            clock.set("2025-11-18T07:00:00Z")
            #expect(try await Self.sync(harness, token, #""steps": 10"#).questsCompleted == 0)
            #expect(try await harness.export(token).questCompletions.map(\.period) == ["2025-11-16"])
        }
    }

    @Test(
        "lessThan and equal wait for the day's end too, atLeast does not; a past day stored later is judged at once",
        arguments: Backend.allCases)
    func otherComparisons(backend: Backend) async throws {
        let clock = TestClock("2025-11-16T10:00:00Z")
        try await withServer(backend, configuration: clock.configuration) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/New_York")
            let less = try await harness.quest(
                token, #"{"title": "Calm", "metric": "restingHeartRate", "comparison": "lessThan", "target": 60}"#)
            let exact = try await harness.quest(
                token, #"{"title": "Two", "metric": "workoutsCount", "comparison": "equal", "target": 2}"#)
            let most = try await harness.quest(token, Self.lightDay)
            let least = try await harness.quest(token, #"{"title": "Walk", "metric": "steps", "target": 5000}"#)
            clock.set("2025-11-16T15:00:00Z")
            let daily = try await harness.daily(
                token,
                #"{"date": "2025-11-16", "steps": 6000, "resting_heart_rate": 55, "workouts_count": 2, "active_energy_burned": 900}"#
            )
            #expect(daily.status == .ok)
            // Only the atLeast quest completes during the day.
            let ids = { (completions: [QuestCompletion]) in completions.map(\.questId).sorted() }
            #expect(ids(try await harness.export(token).questCompletions) == [least])

            // Three days later (nothing written in between), the next write judges the 16th.
            clock.set("2025-11-19T14:00:00Z")
            let later = try await Self.sync(harness, token, #""steps": 100"#)
            #expect(later.questsCompleted == 3)
            let completions = try await harness.export(token).questCompletions
            #expect(ids(completions) == [less, exact, most, least].sorted())
            #expect(Set(completions.map(\.period)) == ["2025-11-16"])

            // A day already over when it is stored completes in that write: the 18th, sent late.
            let late = try await Self.sync(harness, token, date: "2025-11-18", #""activeCalories": 1500"#)
            #expect(late.questsCompleted == 1)
            #expect(late.questResults.filter(\.wasCompleted).map(\.questId) == [most])
        }
    }
}
