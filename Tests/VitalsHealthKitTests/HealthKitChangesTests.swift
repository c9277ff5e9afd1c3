import Foundation
import HealthKit
import Logging
import Testing
import VitalsCore
import VitalsHealthKit
import VitalsInsights
import VitalsStore
import VitalsSync

@Suite("HealthKit adapter: anchored changes, observer queries, background sync")
struct HealthKitChangesTests {
    @Test("Anchored changes: anchors persist (secure-coded) across a new store instance")
    func anchorPersistence() async throws {
        try await HealthKitHarness.run { harness in
            let first = try await harness.authorizedStore()
            let one = try await first.logMindfulness(
                start: HealthKitHarness.at(hour: 7), end: HealthKitHarness.at(hour: 7.5))
            let initial = try await first.changes(since: nil, types: [.mindfulSession])
            #expect(initial.added.map(\.uuid) == [one.uuid])
            let quiet = try await first.changes(since: initial.anchor, types: [.mindfulSession])
            #expect(quiet.added.isEmpty && quiet.anchor == initial.anchor)

            let two = try await first.logMindfulness(
                start: HealthKitHarness.at(hour: 8), end: HealthKitHarness.at(hour: 8.5))
            _ = try await first.delete([one.uuid])

            let second = harness.store()
            let later = try await second.changes(since: initial.anchor, types: [.mindfulSession])
            #expect(later.added.map(\.uuid) == [two.uuid])
            #expect(later.deleted == [DeletedSample(uuid: one.uuid, type: .mindfulSession)])
            #expect(later.anchor > initial.anchor)
            let data = try Data(contentsOf: second.configuration.anchorFile)
            #expect(!data.isEmpty)
            let forgotten = try await second.changes(since: QueryAnchor(rawValue: 9_999), types: [.mindfulSession])
            #expect(forgotten.added.map(\.uuid) == [two.uuid], "an unknown anchor reads from the beginning")
        }
    }

    @Test("Observer query: changes are published and the completion handler is always called")
    func observerCompletionCalled() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let stream = store.changeNotifications()
            var iterator = stream.makeAsyncIterator()
            _ = try await store.logMindfulness(start: HealthKitHarness.at(hour: 7), end: HealthKitHarness.at(hour: 7.5))
            let changed = await iterator.next()
            #expect(changed == [.mindfulSession])
            let simulator = harness.simulator
            #expect(
                try await HealthKitHarness.eventually {
                    let updates = simulator.observerUpdates
                    return updates.delivered > 0 && updates.completed == updates.delivered
                })
        }
    }

    @Test("Seed 001 observer and background triggers: a HealthKit change requests a sync, then completes")
    func backgroundDeliveryFeedsSync() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            let messages = LogRecorder()
            var syncConfiguration = HealthSyncService.Configuration()
            syncConfiguration.debounce = .zero
            syncConfiguration.retry.maximumAttempts = 1
            syncConfiguration.calendar = HealthKitHarness.calendar
            let service = HealthSyncService(
                store: store, endpoint: try SyncEndpoint(server: "http://127.0.0.1:9", token: "test"),
                cursors: FileSyncCursorStore(path: harness.directory.appendingPathComponent("cursor.json").path),
                transport: AsyncHTTPClientTransport(timeout: .milliseconds(300)),
                configuration: syncConfiguration, logger: Logger(label: "test") { _ in messages })
            let sync = HealthKitBackgroundSync(store: store, service: service, frequency: .immediate)
            try await sync.start()
            #expect(harness.simulator.backgroundDeliveryFrequency(for: SampleType.stepCount.identifier) == .hourly)
            #expect(
                harness.simulator.backgroundDeliveryFrequency(for: SampleType.sleepAnalysis.identifier) == .immediate)

            harness.recordSteps(400, from: HealthKitHarness.watch, start: HealthKitHarness.at(hour: 9), minutes: 20)
            let simulator = harness.simulator
            #expect(
                try await HealthKitHarness.eventually {
                    let updates = simulator.observerUpdates
                    return updates.delivered == 1 && updates.completed == 1
                })
            #expect(messages.lines.contains("sync started"), "the change requested a sync")
            #expect(!messages.lines.contains("sync confirmed"), "nothing listens on port 9")
            sync.stop()
        }
    }

    @Test("Background delivery without the entitlement is an authorization error")
    func backgroundDeliveryNeedsEntitlement() async throws {
        try await HealthKitHarness.run { harness in
            let store = try await harness.authorizedStore()
            harness.simulator.hasBackgroundDeliveryEntitlement = false
            do {
                try await store.enableBackgroundDelivery(for: [.stepCount], frequency: .hourly)
                Issue.record("background delivery was enabled without the entitlement")
            } catch let error as VitalsError {
                #expect(error.code == .authorizationDenied)
            }
        }
    }
}

/// Keeps the messages a logger wrote (the only way to see that a failing sync was attempted).
final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock()
        recorded.append(event.message.description)
        lock.unlock()
    }
}
