import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsStore
import VitalsSync
import VitalsTesting

/// Seed 003's contract against a real server on loopback.
@Suite("Daily sync against a real server", .timeLimit(.minutes(5)))
struct DailySyncTests {
    @Test("the first sync covers exactly 14 days, sources merged and sleep as a union")
    func firstSyncCoversFourteenDays() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        for offset in 0...14 { try await workspace.store.save(Fixture.steps(on: today.adding(days: -offset))) }
        try await workspace.store.save(Fixture.sleep(on: today.adding(days: -1)))
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let service = try workspace.service(server: server.url, token: token, clock: clock)
            let report = try await service.syncNow()
            #expect(report.isFirstSync)
            #expect(report.first == today.adding(days: -13))
            #expect(report.last == today)
            #expect(report.daysSent == 14)
            #expect(report.recordsUpserted == 14)
            #expect(report.requests == 1)
            for offset in 0..<14 {
                let day = today.adding(days: -offset)
                let snapshots = try await server.repository.snapshots(of: user, on: day)
                #expect(snapshots.count == 1, "one snapshot on \(day)")
                #expect(snapshots.first?.source == .healthKit)
                #expect(snapshots.first?.steps == Fixture.expectedSteps(on: day), "steps on \(day)")
                #expect(snapshots.first?.workoutsCount == 0)
            }
            let night = try await server.repository.snapshots(of: user, on: today.adding(days: -1))
            #expect(night.first?.sleepMinutes == Fixture.sleepUnionMinutes)
            #expect(try await server.repository.snapshots(of: user, on: today.adding(days: -14)).isEmpty)
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == today)
        }
    }

    @Test("a later sync, by a new service instance, covers the last synced day through today")
    func laterSyncStartsAtLastSyncedDay() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        for offset in 0..<14 { try await workspace.store.save(Fixture.steps(on: today.adding(days: -offset))) }
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            _ = try await workspace.service(server: server.url, token: token, clock: clock).syncNow()

            // Three days later: more steps on the partly synced day, and on the new days.
            clock.advance(days: 3)
            let lateSteps = 250
            try await workspace.store.save(
                .quantity(
                    .stepCount, Double(lateSteps), .count, start: Fixture.at(today, 20),
                    end: Fixture.at(today, 20, 30), source: Fixture.phone))
            for offset in 1...3 { try await workspace.store.save(Fixture.steps(on: today.adding(days: offset))) }

            let next = try workspace.service(server: server.url, token: token, clock: clock)
            let report = try await next.syncNow()
            #expect(!report.isFirstSync)
            #expect(report.first == today)
            #expect(report.last == today.adding(days: 3))
            #expect(report.daysSent == 4)
            #expect(report.recordsUpserted == 4)
            let updated = try await server.repository.snapshots(of: user, on: today)
            #expect(updated.first?.steps == Fixture.expectedSteps(on: today) + lateSteps)
            for offset in 1...3 {
                let day = today.adding(days: offset)
                #expect(
                    try await server.repository.snapshots(of: user, on: day).first?.steps
                        == Fixture.expectedSteps(on: day))
            }
            #expect(
                try await workspace.cursors(clock: clock).lastSyncedDay(for: next.cursorKey) == today.adding(days: 3))
        }
    }

    @Test("each token keeps its own cursor: a second user's first sync covers 14 days; the state file holds no token")
    func cursorPerAccount() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        for offset in 0..<14 { try await workspace.store.save(Fixture.steps(on: today.adding(days: -offset))) }
        try await withLiveServer(clock: clock) { server in
            let (_, ada) = try await server.user("ada")
            let (bob, bobToken) = try await server.user("bob")
            let first = try workspace.service(server: server.url, token: ada, clock: clock)
            #expect(try await first.syncNow().isFirstSync)
            let second = try workspace.service(server: server.url, token: bobToken, clock: clock)
            #expect(second.cursorKey != first.cursorKey)
            let report = try await second.syncNow()
            #expect(report.isFirstSync && report.daysSent == 14)
            #expect(try await server.repository.snapshots(of: bob, on: today.adding(days: -13)).count == 1)
            // Ada's next sync is incremental still.
            #expect(
                try await workspace.service(server: server.url, token: ada, clock: clock).syncNow().isFirstSync == false
            )
            let keys = try await workspace.cursors(clock: clock).allCursors().keys
            #expect(keys.count == 2)
            let text = try String(contentsOfFile: workspace.cursorPath, encoding: .utf8)
            #expect(!text.contains(ada) && !text.contains(bobToken))
            #expect(first.cursorKey.account.count == 16 && !ada.contains(first.cursorKey.account))
        }
    }

    @Test("types the store may not read are left out and named; a store that may read none sends nothing (manual mode)")
    func unreadableTypesAreSkipped() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        try await workspace.store.save(Fixture.steps(on: today))
        try await workspace.store.save(Fixture.sleep(on: today))
        try await workspace.store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let transport = CountingTransport()
            let service = try workspace.service(server: server.url, token: token, clock: clock, transport: transport)
            #expect(try await service.syncNow().missingPermissions == [.stepCount])
            let snapshot = try await server.repository.snapshots(of: user, on: today).first
            #expect(snapshot?.steps == nil)
            #expect(snapshot?.sleepMinutes == Fixture.sleepUnionMinutes)

            for type in SyncDataReader.types {
                try await workspace.store.setAuthorization(.sharingDenied, for: type, access: .read)
            }
            #expect(try await service.syncNow().mode == .manual)
            #expect(await transport.counter.count == 1)
        }
    }

    @Test("a refused token is not retried and says so")
    func refusedTokenIsFinal() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await withLiveServer(clock: clock) { server in
            _ = try await server.user("ada")
            let transport = CountingTransport()
            let sleeper = TestSleeper()
            let wrongToken = TokenHasher.newToken()
            let service = try workspace.service(
                server: server.url, token: wrongToken, clock: clock,
                transport: transport, sleeper: sleeper)
            let error = await syncError { try await service.syncNow() }
            #expect(error?.code == .authorizationDenied)
            #expect(error?.message.contains("401") == true)
            #expect(error?.description.contains(wrongToken) == false)
            #expect(await transport.counter.count == 1)
            #expect(await sleeper.log.waits(.backoff).isEmpty)
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == nil)
        }
    }
}

/// The `VitalsError` a sync throws, or nil when it succeeds.
func syncError(_ body: () async throws -> SyncReport) async -> VitalsError? {
    do {
        _ = try await body()
        return nil
    } catch let error as VitalsError {
        return error
    } catch {
        return VitalsError(.invalidInput, "not a VitalsError: \(error)")
    }
}
