import Foundation
import HealthKit
import Logging
import Testing
import VitalsCore
import VitalsHealthKit
import VitalsStore
import VitalsSync

/// Seed 003's permission flow (`HealthSyncService.requestAuthorizationAndSync`) over the
/// HealthKit adapter on the simulated device. The sync it triggers goes to a closed loopback
/// port, so it fails after one attempt: its failure, in the outcome, shows that it ran.
@Suite("HealthKit adapter: seed 003's permission flow")
struct HealthKitPermissionFlowTests {
    /// Waits that return at once, recording how long they were asked to be.
    final class InstantSleeper: SyncSleeper, @unchecked Sendable {
        private let lock = NSLock()
        private var waits: [(Duration, SyncWait)] = []

        func sleep(for duration: Duration, reason: SyncWait) async throws {
            lock.withLock { waits.append((duration, reason)) }
            try Task.checkCancellation()
        }

        var settleWaits: [Duration] {
            lock.withLock { waits.filter { $0.1 == .authorizationSettle }.map { $0.0 } }
        }
    }

    static func service(
        _ store: HealthKitHealthStore, harness: HealthKitHarness, sleeper: InstantSleeper
    ) throws
        -> HealthSyncService
    {
        var configuration = HealthSyncService.Configuration()
        configuration.calendar = HealthKitHarness.calendar
        configuration.retry.maximumAttempts = 1
        return HealthSyncService(
            store: store, endpoint: try SyncEndpoint(server: "http://127.0.0.1:9", token: "t"),
            cursors: FileSyncCursorStore(path: harness.directory.appendingPathComponent("sync.json").path),
            // Nothing listens there: refused at once, or (where the port is filtered) timed out soon.
            transport: AsyncHTTPClientTransport(timeout: .seconds(1)), sleeper: sleeper, configuration: configuration,
            logger: Logger(label: "vitals.tests", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    @Test("Not asked yet: the sheet shows once, the flow waits 1 s, finds access and triggers a sync")
    func promptsWaitsAndSyncs() async throws {
        try await HealthKitHarness.run { harness in
            let sleeper = InstantSleeper()
            let service = try Self.service(harness.store(), harness: harness, sleeper: sleeper)
            let outcome = try await service.requestAuthorizationAndSync()
            #expect(outcome.prompted)
            #expect(harness.simulator.promptCount == 1)
            #expect(outcome.state == .authorized)
            #expect(sleeper.settleWaits == [.seconds(1)])
            guard case .failure(let error) = outcome.sync else {
                Issue.record("the sync cannot succeed against a closed port")
                return
            }
            #expect(error.code == .unavailable)
        }
    }

    @Test("Already answered: no sheet and no wait, a sync; read denial stays hidden, so it counts as access")
    func alreadyAnsweredSyncs() async throws {
        try await HealthKitHarness.run { harness in
            harness.simulator.answerAuthorizationRequests(allowSharing: true, allowReading: false)
            let store = harness.store()
            try await store.requestAuthorization(toShare: [], read: Set(SyncDataReader.types))
            let sleeper = InstantSleeper()
            let outcome = try await Self.service(store, harness: harness, sleeper: sleeper)
                .requestAuthorizationAndSync()
            #expect(!outcome.prompted)
            #expect(harness.simulator.promptCount == 1)
            #expect(outcome.state == .authorized)
            #expect(sleeper.settleWaits.isEmpty)
            #expect((try? outcome.sync.get()) == nil)
        }
    }
}
