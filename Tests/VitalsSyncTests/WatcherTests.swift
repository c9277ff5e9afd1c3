import Foundation
import ServiceLifecycle
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore
import VitalsSync
import VitalsTesting

@Suite("Watch mode", .timeLimit(.minutes(5)))
struct WatcherTests {
    typealias Event = (trigger: HealthSyncWatcher.Trigger, result: Result<SyncReport, any Error>)

    @Test("syncs at start, after a store change and on the timer, then shuts down gracefully")
    func triggers() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let sleeper = TestSleeper(gating: [.interval, .storePoll])
            let transport = CountingTransport()
            let service = try workspace.service(
                server: server.url, token: token, clock: clock, transport: transport,
                sleeper: sleeper)
            let (events, sink) = AsyncStream<Event>.makeStream()
            let watcher = HealthSyncWatcher(service: service, sleeper: sleeper, logger: quietLogger) {
                trigger, result in
                sink.yield((trigger, result))
            }
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [watcher], logger: quietLogger))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                var iterator = events.makeAsyncIterator()

                let start = try #require(await iterator.next())
                #expect(start.trigger == .start)
                #expect(try start.result.get().isFirstSync)

                _ = try await workspace.store.logWorkout(start: Fixture.at(today, 11), end: Fixture.at(today, 11, 40))
                let change = try #require(await iterator.next())
                #expect(change.trigger == .storeChanged)
                #expect(try change.result.get().first == today)

                await sleeper.log.release(.interval)
                let timer = try #require(await iterator.next())
                #expect(timer.trigger == .interval)
                #expect(try timer.result.get().daysSent == 1)

                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            let outcomes = await transport.counter.outcomes
            #expect(await transport.counter.firstAttempts == 3, "\(outcomes)")
            #expect(await sleeper.log.waits(.debounce).count == 3, "every trigger went through the debounce")
            #expect(await sleeper.log.waits(.interval).first?.duration == .seconds(15 * 60))
            #expect(try await server.repository.snapshots(of: user, on: today).first?.workoutsCount == 1)
        }
    }

    @Test("writes by another process are found by polling the store's change anchor")
    func pollingFindsOtherProcessesWrites() async throws {
        let workspace = try SyncWorkspace(caching: false)
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let today = Fixture.today
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let sleeper = TestSleeper(gating: [.interval, .storePoll])
            let service = try workspace.service(server: server.url, token: token, clock: clock, sleeper: sleeper)
            let (events, sink) = AsyncStream<Event>.makeStream()
            let watcher = HealthSyncWatcher(service: service, sleeper: sleeper, logger: quietLogger) {
                trigger, result in
                sink.yield((trigger, result))
            }
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [watcher], logger: quietLogger))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                var iterator = events.makeAsyncIterator()
                #expect(try #require(await iterator.next()).trigger == .start)
                try await eventually { await sleeper.log.parkedCount(.storePoll) == 1 }

                // Another process writes the same file: no in-process notification reaches the watcher.
                let otherProcess = try SQLiteHealthStore(path: workspace.store.path)
                try await otherProcess.save(Fixture.steps(on: today))
                await sleeper.log.release(.storePoll)
                let change = try #require(await iterator.next())
                #expect(change.trigger == .storeChanged)
                #expect(try change.result.get().daysSent == 1)
                #expect(
                    try await server.repository.snapshots(of: user, on: today).first?.steps
                        == Fixture.expectedSteps(on: today))

                // A poll that finds nothing new triggers nothing: the next sync is the timer's.
                try await eventually { await sleeper.log.parkedCount(.storePoll) == 1 }
                await sleeper.log.release(.storePoll)
                try await eventually { await sleeper.log.parkedCount(.storePoll) == 1 }
                await sleeper.log.release(.interval)
                #expect(try #require(await iterator.next()).trigger == .interval)

                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            #expect(await sleeper.log.waits(.storePoll).first?.duration == .seconds(60))
        }
    }

    @Test("a failed sync is reported and the watcher keeps going")
    func failuresDoNotStopTheWatcher() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Fixture.start)
        let script = AnswerScript([.fail(503), .fail(503)])
        try await withScriptedServer(script) { url in
            let sleeper = TestSleeper(gating: [.interval, .storePoll])
            let service = try workspace.service(server: url, token: "scripted", clock: clock, sleeper: sleeper) {
                $0.retry.maximumAttempts = 2
            }
            let (events, sink) = AsyncStream<Event>.makeStream()
            let watcher = HealthSyncWatcher(service: service, sleeper: sleeper, logger: quietLogger) {
                trigger, result in
                sink.yield((trigger, result))
            }
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [watcher], logger: quietLogger))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                var iterator = events.makeAsyncIterator()
                let failed = try #require(await iterator.next())
                #expect((try? failed.result.get()) == nil)
                #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == nil)
                await sleeper.log.release(.interval)
                let retried = try #require(await iterator.next())
                #expect(try retried.result.get().isFirstSync)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            #expect(try await workspace.cursors(clock: clock).lastSyncedDay(for: service.cursorKey) == Fixture.today)
        }
    }
}
