import Foundation
import Testing
import VitalsCore
import VitalsSync
import VitalsTesting

@Suite("Debounce", .timeLimit(.minutes(5)))
struct DebounceTests {
    @Test("calls within the debounce window share one sync and one HTTP request")
    func callsInTheWindowAreCoalesced() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await workspace.store.save(Fixture.steps(on: Fixture.today))
        try await withLiveServer(clock: clock) { server in
            let (_, token) = try await server.user("ada")
            let sleeper = TestSleeper(gating: [.debounce])
            let transport = CountingTransport()
            let service = try workspace.service(
                server: server.url, token: token, clock: clock, transport: transport,
                sleeper: sleeper)
            let callers = 5
            let reports = try await withThrowingTaskGroup(of: SyncReport.self) { group in
                for _ in 0..<callers { group.addTask { try await service.requestSync() } }
                try await eventually { await service.pendingRequests == callers }
                #expect(await transport.counter.count == 0, "nothing is sent while the window is open")
                await sleeper.log.release(.debounce)
                var reports: [SyncReport] = []
                for try await report in group { reports.append(report) }
                return reports
            }
            #expect(reports.count == callers)
            #expect(Set(reports).count == 1, "every caller gets the one sync's report")
            let firstWindow = await transport.counter.outcomes
            #expect(await transport.counter.firstAttempts == 1, "\(firstWindow)")
            #expect(await sleeper.log.waits(.debounce).map(\.duration) == [.seconds(2)])
            #expect(await service.pendingRequests == 0)

            // Once the window closed, the next call opens a new one and syncs again.
            await sleeper.log.release(.debounce)
            let later = try await service.requestSync()
            #expect(!later.isFirstSync)
            let bothWindows = await transport.counter.outcomes
            #expect(await transport.counter.firstAttempts == 2, "\(bothWindows)")
        }
    }

    @Test("the debounce interval is configurable and syncNow skips it")
    func configurableWindow() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        try await withLiveServer(clock: clock) { server in
            let (_, token) = try await server.user("ada")
            let sleeper = TestSleeper()
            let service = try workspace.service(server: server.url, token: token, clock: clock, sleeper: sleeper) {
                $0.debounce = .milliseconds(500)
            }
            _ = try await service.syncNow()
            #expect(await sleeper.log.waits(.debounce).isEmpty)
            _ = try await service.requestSync()
            #expect(await sleeper.log.waits(.debounce).map(\.duration) == [.milliseconds(500)])
        }
    }
}
