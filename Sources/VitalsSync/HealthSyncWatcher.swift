import Foundation
public import Logging
public import ServiceLifecycle
import VitalsCore

/// Keeps a store synced as a long-running `Service` (`vitals sync --watch`).
///
/// Syncs at start, whenever the store reports a committed change (an import, a logged
/// workout; changes by other processes are found by polling the store's change anchor every
/// ``HealthSyncService/Configuration/storePollInterval``), and every
/// ``HealthSyncService/Configuration/watchInterval`` otherwise. Every
/// trigger goes through the service's debounce, and triggers arriving during a sync are
/// coalesced into one more sync after it. A failed sync is reported and the watcher keeps
/// going (the cursor did not move, so the next trigger retries those days).
///
/// On graceful shutdown it stops taking triggers and lets a sync in progress finish (bounded
/// by the retry policy, or by the group's graceful-shutdown limit); on cancellation it stops at once.
public struct HealthSyncWatcher: Service {
    /// What started a sync.
    public enum Trigger: String, Sendable, Hashable {
        case start, storeChanged, interval
    }

    public let service: HealthSyncService
    /// Waits for the interval timer; tests pass one they control.
    public let sleeper: any SyncSleeper
    public let logger: Logger
    /// Called after every sync with its report or error.
    public let onSync: @Sendable (Trigger, Result<SyncReport, any Error>) async -> Void

    public init(
        service: HealthSyncService, sleeper: any SyncSleeper = ContinuousSleeper(),
        logger: Logger = Logger(label: "vitals.sync"),
        onSync: @escaping @Sendable (Trigger, Result<SyncReport, any Error>) async -> Void = { _, _ in }
    ) {
        self.service = service
        self.sleeper = sleeper
        self.logger = logger
        self.onSync = onSync
    }

    public func run() async throws {
        // Subscribe before the first sync, so a change made during it is not missed.
        let changes = service.store.changeNotifications()
        let (triggers, trigger) = AsyncStream<Trigger>.makeStream(bufferingPolicy: .bufferingNewest(1))
        trigger.yield(.start)
        let interval = service.configuration.watchInterval
        let sleeper = self.sleeper
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in changes { trigger.yield(.storeChanged) }
                }
                group.addTask {
                    while !Task.isCancelled {
                        do { try await sleeper.sleep(for: interval, reason: .interval) } catch { return }
                        trigger.yield(.interval)
                    }
                }
                if let poll = service.configuration.storePollInterval {
                    group.addTask {
                        await Self.pollStore(service.store, every: poll, sleeper: sleeper, trigger: trigger)
                    }
                }
                for await reason in triggers {
                    // A trigger still buffered when shutdown began starts no new sync.
                    if Task.isShuttingDownGracefully || Task.isCancelled { break }
                    logger.debug("sync triggered", metadata: ["trigger": "\(reason.rawValue)"])
                    do {
                        await onSync(reason, .success(try await service.requestSync()))
                    } catch {
                        if Task.isCancelled { break }
                        logger.warning("sync failed", metadata: ["error": "\(error)"])
                        await onSync(reason, .failure(error))
                    }
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            trigger.finish()
        }
        trigger.finish()
    }

    /// Reports a store change whenever the store's change anchor moved since the last look:
    /// how writes by other processes (which do not reach this process's notifications) are seen.
    /// Asking for changes of no types returns just the anchor, cheaply.
    private static func pollStore(
        _ store: any HealthStore, every poll: Duration, sleeper: any SyncSleeper,
        trigger: AsyncStream<Trigger>.Continuation
    ) async {
        var seen = try? await store.changes(since: nil, types: []).anchor
        while !Task.isCancelled {
            do { try await sleeper.sleep(for: poll, reason: .storePoll) } catch { return }
            guard let anchor = try? await store.changes(since: seen, types: []).anchor else { continue }
            if let seen, anchor > seen { trigger.yield(.storeChanged) }
            seen = anchor
        }
    }

    /// Runs the watcher in a `ServiceGroup` until SIGINT or SIGTERM, then shuts it down gracefully
    /// (a sync in progress gets up to `gracefulShutdownLimit` to finish, then is cancelled).
    public func runUntilInterrupted(gracefulShutdownLimit: Duration = .seconds(10)) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [self], gracefulShutdownSignals: [.sigint, .sigterm],
            logger: logger)
        configuration.maximumGracefulShutdownDuration = gracefulShutdownLimit
        try await ServiceGroup(configuration: configuration).run()
    }
}
