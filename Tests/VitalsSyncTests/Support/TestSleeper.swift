import Foundation
import VitalsSync

/// A sleeper that never really waits: it records every wait, returns at once, and parks the
/// kinds of wait a test wants to control until the test releases them (or the task is cancelled).
struct TestSleeper: SyncSleeper {
    /// Kinds of wait, without their attempt numbers.
    enum Kind: Sendable, Hashable { case debounce, backoff, retryAfter, interval, storePoll, authorizationSettle }

    let log = SleepLog()
    /// Kinds that park until released.
    let gated: Set<Kind>

    init(gating gated: Set<Kind> = []) { self.gated = gated }

    func sleep(for duration: Duration, reason: SyncWait) async throws {
        let kind = Self.kind(of: reason)
        await log.record(duration, reason)
        try Task.checkCancellation()
        if gated.contains(kind) { try await log.park(kind) }
    }

    static func kind(of reason: SyncWait) -> Kind {
        switch reason {
        case .debounce: .debounce
        case .backoff: .backoff
        case .retryAfter: .retryAfter
        case .interval: .interval
        case .storePoll: .storePoll
        case .authorizationSettle: .authorizationSettle
        }
    }
}

/// What a ``TestSleeper`` was asked, and its parked waits.
actor SleepLog {
    private(set) var recorded: [(duration: Duration, reason: SyncWait)] = []
    private var parked: [(id: UUID, kind: TestSleeper.Kind, continuation: CheckedContinuation<Void, any Error>)] = []
    private var cancelled: Set<UUID> = []
    private var permits: [TestSleeper.Kind: Int] = [:]

    func record(_ duration: Duration, _ reason: SyncWait) { recorded.append((duration, reason)) }

    /// The recorded waits of one kind.
    func waits(_ kind: TestSleeper.Kind) -> [(duration: Duration, reason: SyncWait)] {
        recorded.filter { TestSleeper.kind(of: $0.reason) == kind }
    }

    /// How many waits of `kind` are parked now.
    func parkedCount(_ kind: TestSleeper.Kind) -> Int { parked.filter { $0.kind == kind }.count }

    /// Lets one parked (or the next) wait of `kind` go on.
    func release(_ kind: TestSleeper.Kind) {
        if let index = parked.firstIndex(where: { $0.kind == kind }) {
            parked.remove(at: index).continuation.resume()
        } else {
            permits[kind, default: 0] += 1
        }
    }

    func park(_ kind: TestSleeper.Kind) async throws {
        if let permit = permits[kind], permit > 0 {
            permits[kind] = permit - 1
            return
        }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if cancelled.contains(id) {
                    continuation.resume(throwing: CancellationError())
                } else {
                    parked.append((id, kind, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func cancel(_ id: UUID) {
        cancelled.insert(id)
        if let index = parked.firstIndex(where: { $0.id == id }) {
            parked.remove(at: index).continuation.resume(throwing: CancellationError())
        }
    }
}

/// Polls `condition` until it holds (no deadline: Swift Testing's time limit catches a hang).
func eventually(_ condition: @Sendable () async -> Bool) async throws {
    while !(await condition()) { try await Task.sleep(for: .milliseconds(2)) }
}
