import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsStore
import VitalsSync
import VitalsTesting

/// Seed 003's permission flow over the SQLite store (whose answers are configurable), ending in a
/// sync to a real server; the 1 s wait goes through the test sleeper.
@Suite("Seed 003: the permission flow", .timeLimit(.minutes(5)))
struct PermissionFlowTests {
    @Test("Already authorized: returns without asking or waiting, and triggers a sync")
    func alreadyAuthorizedSyncs() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await workspace.store.save(Fixture.steps(on: Fixture.today))
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let sleeper = TestSleeper()
            let service = try workspace.service(server: server.url, token: token, clock: clock, sleeper: sleeper)
            let outcome = try await service.requestAuthorizationAndSync()
            #expect(outcome.state == .authorized)
            #expect(!outcome.prompted)
            #expect(try outcome.sync.get().daysSent == 14)
            #expect(await sleeper.log.waits(.authorizationSettle).isEmpty)
            #expect(
                try await server.repository.snapshots(of: user, on: Fixture.today).first?.steps
                    == Fixture.expectedSteps(on: Fixture.today))
        }
    }

    @Test("Denied: throws authorizationDenied without asking or sending; the automatic sync falls back to manual mode")
    func deniedThrows() async throws {
        let workspace = try SyncWorkspace { $0.defaultAuthorization = .sharingDenied }
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await withLiveServer(clock: clock) { server in
            let (_, token) = try await server.user("ada")
            let sleeper = TestSleeper()
            let transport = CountingTransport()
            let service = try workspace.service(
                server: server.url, token: token, clock: clock, transport: transport,
                sleeper: sleeper)
            let error = await permissionError { try await service.requestAuthorizationAndSync() }
            #expect(error?.code == .authorizationDenied)
            #expect(error?.message.contains("manual") == true)
            #expect(await sleeper.log.waits(.authorizationSettle).isEmpty, "nothing was asked, so nothing to wait for")
            #expect(try await workspace.store.authorizationStatus(for: .stepCount, access: .read) == .sharingDenied)
            #expect(await transport.counter.count == 0)
            // Seed 001 for the same user: the sync itself does not fail, it reports manual mode.
            #expect(try await service.syncNow().mode == .manual)
        }
    }

    @Test("After the user grants: waits 1 s before reading the state again, then syncs")
    func grantedWaitsThenSyncs() async throws {
        // A fresh HealthKit-like store: nothing answered yet; the sheet refuses everything...
        let workspace = try SyncWorkspace {
            $0.defaultAuthorization = .notDetermined
            $0.authorizationAnswer = .sharingDenied
        }
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await workspace.store.setAuthorization(.sharingAuthorized, for: .stepCount, access: .share)
        try await workspace.store.save(Fixture.steps(on: Fixture.today))
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let sleeper = TestSleeper(gating: [.authorizationSettle])
            let transport = CountingTransport()
            let service = try workspace.service(
                server: server.url, token: token, clock: clock, transport: transport,
                sleeper: sleeper)
            #expect(try await workspace.store.authorizationState(for: Set(SyncDataReader.types)) == .notDetermined)
            let flow = Task { try await service.requestAuthorizationAndSync() }
            try await eventually { await sleeper.log.parkedCount(.authorizationSettle) == 1 }
            // ...but during the 1 s wait the user allows steps (the store updating after the sheet).
            try await workspace.store.setAuthorization(.sharingAuthorized, for: .stepCount, access: .read)
            #expect(await transport.counter.count == 0, "no sync before the wait is over")
            await sleeper.log.release(.authorizationSettle)
            let outcome = try await flow.value
            #expect(outcome.prompted)
            #expect(outcome.state.hasAccess, "the state was read again after the wait")
            #expect(await sleeper.log.waits(.authorizationSettle).map { $0.duration } == [.seconds(1)])
            let report = try outcome.sync.get()
            #expect(report.missingPermissions.count == SyncDataReader.types.count - 1)
            #expect(
                try await server.repository.snapshots(of: user, on: Fixture.today).first?.steps
                    == Fixture.expectedSteps(on: Fixture.today))
        }
    }

    @Test("Refused in the sheet: asks once, waits, then throws authorizationDenied")
    func refusedInTheSheetThrows() async throws {
        let workspace = try SyncWorkspace {
            $0.defaultAuthorization = .notDetermined
            $0.authorizationAnswer = .sharingDenied
        }
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let sleeper = TestSleeper()
        let transport = CountingTransport()
        let service = try workspace.service(
            server: "http://127.0.0.1:9", token: "t", clock: clock, transport: transport,
            sleeper: sleeper)
        let error = await permissionError { try await service.requestAuthorizationAndSync() }
        #expect(error?.code == .authorizationDenied)
        #expect(await sleeper.log.waits(.authorizationSettle).count == 1)
        #expect(try await workspace.store.authorizationState(for: Set(SyncDataReader.types)) == .denied)
        #expect(await transport.counter.count == 0)
    }
}

/// The `VitalsError` the permission flow throws, or nil when it succeeds.
func permissionError(_ body: () async throws -> SyncAuthorizationOutcome) async -> VitalsError? {
    do {
        _ = try await body()
        return nil
    } catch let error as VitalsError {
        return error
    } catch {
        return VitalsError(.invalidInput, "not a VitalsError: \(error)")
    }
}
