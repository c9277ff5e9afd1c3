import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsStore
import VitalsSync
import VitalsTesting

/// Seed 001's permission outcomes: denied → manual mode, partial → the missing permissions noted,
/// and typed-in days sent with source MANUAL; against a real server on loopback.
@Suite("Seed 001: manual mode and missing permissions", .timeLimit(.minutes(5)))
struct ManualModeTests {
    @Test("Denied: the sync switches to manual mode instead of failing; nothing is sent, the cursor stays")
    func deniedSwitchesToManualMode() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await workspace.store.save(Fixture.steps(on: Fixture.today))
        for type in SyncDataReader.types {
            try await workspace.store.setAuthorization(.sharingDenied, for: type, access: .read)
        }
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let transport = CountingTransport()
            for contract in SyncContract.allCases {
                let service = try workspace.service(
                    server: server.url, token: token, contract: contract, clock: clock,
                    transport: transport)
                let report = try await service.syncNow()
                #expect(report.mode == .manual)
                #expect(report.missingPermissions == SyncDataReader.types)
                #expect(report.daysSent == 0 && report.requests == 0)
                #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == nil)
            }
            #expect(await transport.counter.count == 0)
            #expect(try await server.repository.snapshots(of: user, on: Fixture.today).isEmpty)
        }
    }

    @Test("Partial: the available data is synced and the report notes the missing permissions")
    func partialNotesMissingPermissions() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        try await workspace.store.save(Fixture.steps(on: today))
        try await workspace.store.save(Fixture.sleep(on: today))
        try await workspace.store.setAuthorization(.sharingDenied, for: .workout, access: .read)
        try await workspace.store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let report = try await workspace.service(server: server.url, token: token, clock: clock).syncNow()
            #expect(report.mode == .automatic)
            #expect(report.missingPermissions == [.stepCount, .workout], "in SyncDataReader.types order")
            #expect(report.daysSent == 14)
            let snapshot = try await server.repository.snapshots(of: user, on: today).first
            #expect(snapshot?.steps == nil)
            #expect(snapshot?.workoutsCount == nil)
            #expect(snapshot?.sleepMinutes == Fixture.sleepUnionMinutes)

            try await workspace.store.setAuthorization(.sharingAuthorized, for: .stepCount, access: .read)
            try await workspace.store.setAuthorization(.sharingAuthorized, for: .workout, access: .read)
            #expect(
                try await workspace.service(server: server.url, token: token, clock: clock).syncNow().missingPermissions
                    .isEmpty)
        }
    }

    @Test("Manual entry: a typed-in day arrives with source MANUAL, SELF_REPORTED, beside the device's day")
    func manualDayIsSelfReported() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        try await workspace.store.save(Fixture.steps(on: today))
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let transport = CountingTransport()
            let service = try workspace.service(server: server.url, token: token, clock: clock, transport: transport)
            _ = try await service.syncNow()
            let run = SyncedWorkout(
                type: "running", durationMinutes: 40, calories: 380, distance: 7000,
                startTime: Fixture.at(today, 7), endTime: Fixture.at(today, 7, 40))
            let entry = ManualDayEntry(
                date: today, steps: 9100, exerciseMinutes: 45, sleepMinutes: 410,
                activeCalories: 420.5, proteinLogged: true, workouts: [run])
            let report = try await service.sendManual(entry)
            #expect(report.date == today)
            #expect(report.source == .manual)
            #expect(report.verificationLevel == .selfReported)
            #expect(report.workoutsSent == 1 && report.requests == 1)
            let last = try #require(await transport.counter.requests.last)
            #expect(
                last.url == server.url + SyncContract.journey.path, "manual days use the journey API even for daily")
            let body = try #require(try JSONSerialization.jsonObject(with: last.body) as? [String: Any])
            #expect(body["source"] as? String == "MANUAL")

            let snapshots = try await server.repository.snapshots(of: user, on: today)
            let manual = try #require(snapshots.first { $0.source == .manual })
            #expect(manual.verificationLevel == .selfReported)
            #expect(manual.steps == 9100 && manual.exerciseMinutes == 45 && manual.sleepMinutes == 410)
            #expect(manual.activeCalories == 420.5 && manual.proteinLogged == true)
            let device = try #require(snapshots.first { $0.source == .healthKit })
            #expect(device.verificationLevel == .deviceVerified)
            #expect(device.steps == Fixture.expectedSteps(on: today))

            // Sent again (a retry, a second tap): the workout is stored once.
            _ = try await service.sendManual(entry)
            #expect(try await server.repository.export(user).workouts.count == 1)
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == today)
        }
    }

    @Test("Manual entry: an impossible or empty value fails before sending, naming the field and not the value")
    func manualValuesAreChecked() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let transport = CountingTransport()
        let service = try workspace.service(
            server: "http://127.0.0.1:9", token: "t", clock: clock, transport: transport)
        let tooMany = await manualError {
            try await service.sendManual(ManualDayEntry(date: Fixture.today, steps: 2_345_678))
        }
        #expect(tooMany?.code == .invalidValue)
        #expect(tooMany?.location?.field == "steps")
        #expect(tooMany?.description.contains("2345678") == false)
        let backwards = SyncedWorkout(
            type: "yoga", durationMinutes: 30, startTime: Fixture.at(Fixture.today, 9),
            endTime: Fixture.at(Fixture.today, 8))
        let workout = await manualError {
            try await service.sendManual(ManualDayEntry(date: Fixture.today, workouts: [backwards]))
        }
        #expect(workout?.code == .invalidDateRange && workout?.location?.field == "workouts[0].endTime")
        let empty = await manualError { try await service.sendManual(ManualDayEntry(date: Fixture.today)) }
        #expect(empty?.code == .invalidInput)
        #expect(await transport.counter.count == 0)
    }
}

/// The `VitalsError` a manual send throws, or nil when it succeeds.
func manualError(_ body: () async throws -> ManualSyncReport) async -> VitalsError? {
    do {
        _ = try await body()
        return nil
    } catch let error as VitalsError {
        return error
    } catch {
        return VitalsError(.invalidInput, "not a VitalsError: \(error)")
    }
}
