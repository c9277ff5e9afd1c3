public import Foundation
public import Logging
public import VitalsCore

/// Pushes the store's daily metrics (and, with the journey contract, its workouts) to a sync
/// server, debounced, retried, resuming where the server last confirmed.
///
/// - Window: the first sync covers the last ``Configuration/firstSyncDays`` days, today
///   included; later syncs run from the last confirmed day (inclusive: it was partial when
///   sent) through today. The cursor moves only once the server confirmed.
/// - Debounce: ``requestSync()`` calls within ``Configuration/debounce`` of the first one share
///   one sync and its result. ``syncNow()`` skips the wait. Syncs never overlap.
/// - Failures: each request is retried as ``SyncUploader`` and ``RetryPolicy`` describe.
/// - Permissions: types the store may not read are left out and named in
///   ``SyncReport/missingPermissions``; with none readable the sync runs in manual mode
///   (``SyncReport/Mode/manual``: nothing sent) instead of failing. ``sendManual(_:)`` sends
///   typed-in days (source `MANUAL`); ``requestAuthorizationAndSync(toShare:)`` is the explicit
///   permission flow, which throws on denial.
///
/// An actor: the debounce window and the one-sync-at-a-time rule are shared state.
/// ``HealthSyncWatcher`` runs it as a long-running `Service`.
public actor HealthSyncService {
    /// Settings of the sync; every field has a documented default.
    public struct Configuration: Sendable {
        /// Days the first sync covers, today included; at least 1. Default 14 (two weeks).
        public var firstSyncDays = 14
        /// The user's calendar: its time zone decides "today" and where days start.
        /// Default: Gregorian in the system zone.
        public var calendar = Calendar.gregorian(in: .current)
        /// Requests within this long of the first one are coalesced into one sync. Default 2 s.
        public var debounce: Duration = .seconds(2)
        /// Retries of failed requests. Default: ``RetryPolicy``'s defaults (5 attempts, 1 s doubling to 60 s, ±20 %).
        public var retry = RetryPolicy()
        /// Watch mode syncs at least this often. Default 15 minutes.
        public var watchInterval: Duration = .seconds(15 * 60)
        /// How often watch mode asks the store whether another process changed it (an import
        /// in another terminal); writes through this process's store are noticed at once.
        /// nil turns polling off. Default 60 s.
        public var storePollInterval: Duration? = .seconds(60)
        /// How long the permission flow waits after asking for access before it reads the
        /// authorization state again (HealthKit updates it a moment after the sheet closes).
        /// Default 1 s.
        public var authorizationSettleDelay: Duration = .seconds(1)
        /// The clock for "today". Default: the system clock.
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults.
        public init() {}
    }

    /// The store the data comes from.
    public nonisolated let store: any HealthStore
    /// The server and token.
    public nonisolated let endpoint: SyncEndpoint
    public nonisolated let contract: SyncContract
    public nonisolated let configuration: Configuration
    /// Where the cursor lives.
    public nonisolated let cursors: any SyncCursorStore
    nonisolated let uploader: SyncUploader
    nonisolated let sleeper: any SyncSleeper
    nonisolated let logger: Logger

    /// Callers waiting for the open debounce window's sync; nil when no window is open.
    private var followers: [CheckedContinuation<SyncReport, any Error>]?
    private var isSyncing = false
    private var waitingToSync: [CheckedContinuation<Void, Never>] = []

    /// A service pushing `store`'s data to `endpoint` with `contract`.
    ///
    /// - Parameters:
    ///   - transport: the HTTP client; default AsyncHTTPClient's shared client.
    ///   - sleeper: how debounce and backoff wait; tests pass one that does not really wait.
    public init(
        store: any HealthStore, endpoint: SyncEndpoint, contract: SyncContract = .daily,
        cursors: any SyncCursorStore, transport: any SyncTransport = AsyncHTTPClientTransport(),
        sleeper: any SyncSleeper = ContinuousSleeper(), configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "vitals.sync")
    ) {
        self.store = store
        self.endpoint = endpoint
        self.contract = contract
        self.configuration = configuration
        self.cursors = cursors
        self.sleeper = sleeper
        self.logger = logger
        uploader = SyncUploader(
            endpoint: endpoint, transport: transport, retry: configuration.retry, sleeper: sleeper,
            logger: logger)
    }

    /// The key of this service's cursor (server URL and contract).
    public nonisolated var cursorKey: SyncCursorKey { endpoint.cursorKey(for: contract) }

    /// Asks for a sync through the debounce window and returns its report.
    ///
    /// The first call opens a window of ``Configuration/debounce``; calls until it closes join
    /// it and get the same report (or error). Once the window closes the sync runs (after
    /// any sync still in progress); later calls open a new window. When the task that opened
    /// the window is cancelled during the wait, its joiners get a `.cancelled` error.
    public func requestSync() async throws -> SyncReport {
        if followers != nil {
            return try await withCheckedThrowingContinuation { followers?.append($0) }
        }
        followers = []
        let result: Result<SyncReport, any Error>
        do {
            try await sleeper.sleep(for: configuration.debounce, reason: .debounce)
            let joined = closeWindow()
            do { result = .success(try await syncNow()) } catch { result = .failure(error) }
            for follower in joined { follower.resume(with: result) }
        } catch {
            let cancelled = VitalsError(.cancelled, "the sync was cancelled while waiting out the debounce window")
            for follower in closeWindow() { follower.resume(throwing: cancelled) }
            throw cancelled
        }
        return try result.get()
    }

    /// Syncs at once, without the debounce; waits for a sync in progress to finish first.
    public func syncNow() async throws -> SyncReport {
        while isSyncing { await withCheckedContinuation { waitingToSync.append($0) } }
        isSyncing = true
        defer {
            isSyncing = false
            let waiting = waitingToSync
            waitingToSync = []
            for continuation in waiting { continuation.resume() }
        }
        return try await perform()
    }

    /// Callers in the open debounce window, the one that opened it included; 0 when none is open.
    public var pendingRequests: Int { followers.map { $0.count + 1 } ?? 0 }

    /// The days the next sync would cover, from the stored cursor and the clock.
    public nonisolated func plannedWindow() async throws -> (first: LocalDate, last: LocalDate, isFirstSync: Bool) {
        let today = LocalDate(containing: configuration.now(), in: configuration.calendar)
        guard let cursor = try await cursors.lastSyncedDay(for: cursorKey) else {
            return (today.adding(days: -(max(1, configuration.firstSyncDays) - 1)), today, true)
        }
        return (min(cursor, today), today, false)
    }

    private func closeWindow() -> [CheckedContinuation<SyncReport, any Error>] {
        defer { followers = nil }
        return followers ?? []
    }
}
