import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsServer
import VitalsStore
import VitalsSync
import VitalsTesting

/// Seed 001's contract against a real server on loopback.
@Suite("Journey sync against a real server", .timeLimit(.minutes(5)))
struct JourneySyncTests {
    @Test("one request per day with the day's workouts; re-sent workouts are stored once, by externalId")
    func workoutsAreDeduplicatedByExternalId() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        for offset in 0..<14 { try await workspace.store.save(Fixture.steps(on: today.adding(days: -offset))) }
        let earlier = try await workspace.store.logWorkout(
            start: Fixture.at(today.adding(days: -3), 10),
            end: Fixture.at(today.adding(days: -3), 10, 45), activity: .running)
        let recent = try await workspace.store.logWorkout(start: Fixture.at(today, 7), end: Fixture.at(today, 7, 30))
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let transport = CountingTransport()
            let service = try workspace.service(
                server: server.url, token: token, contract: .journey, clock: clock,
                transport: transport)
            let first = try await service.syncNow()
            #expect(first.daysSent == 14)
            #expect(first.recordsUpserted == 14)
            #expect(first.requests == 14)
            #expect(first.workoutsSent == 2)
            #expect(Set(await transport.counter.requests.map(\.url)) == [server.url + "/api/health/sync"])

            let exported = try await server.repository.export(user)
            #expect(Set(exported.workouts.map(\.externalId)) == [earlier.uuid.uuidString, recent.uuid.uuidString])
            #expect(exported.workouts.first { $0.externalId == earlier.uuid.uuidString }?.type == "running")
            let todays = try await server.repository.snapshots(of: user, on: today)
            #expect(todays.first?.source == .healthKit)
            #expect(todays.first?.verificationLevel == .deviceVerified)
            #expect(todays.first?.steps == Fixture.expectedSteps(on: today))
            #expect(todays.first?.workoutsCount == 1)

            // Today was partial, so the next sync sends it again, workout included.
            let second = try await service.syncNow()
            #expect(second.first == today && second.last == today)
            #expect(second.daysSent == 1)
            #expect(second.workoutsSent == 1)
            #expect(try await server.repository.export(user).workouts.count == 2)
            #expect(try await server.repository.snapshots(of: user, on: today).first?.workoutsCount == 1)
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == today)
        }
    }

    @Test("the two contracts keep separate cursors on one server")
    func cursorsArePerContract() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await withLiveServer(clock: clock) { server in
            let (_, token) = try await server.user("ada")
            let daily = try workspace.service(server: server.url, token: token, contract: .daily, clock: clock)
            _ = try await daily.syncNow()
            let journey = try workspace.service(server: server.url, token: token, contract: .journey, clock: clock)
            let report = try await journey.syncNow()
            #expect(report.isFirstSync)
            #expect(report.daysSent == 14)
            let cursors = try await workspace.cursors(clock: clock).allCursors()
            let account = daily.endpoint.accountFingerprint
            #expect(
                cursors == [
                    "\(server.url) daily \(account)": Fixture.today, "\(server.url) journey \(account)": Fixture.today,
                ])
        }
    }
}
