import Foundation
import Logging
import PostgresNIO
import Testing
import VitalsContract
import VitalsCore

@testable import VitalsPostgres
@testable import VitalsServerStorage

/// Snapshot-only writes (the daily-metrics API's) that one batch stores together, in shared
/// statements: each must mean exactly what it means applied alone.
@Suite("Server: PostgreSQL shared snapshot writes")
struct PostgresSharedSnapshotTests {
    static let base = Date(timeIntervalSince1970: 1_763_294_400)  // 2025-11-16 12:00 UTC
    static let day = try! LocalDate(year: 2025, month: 11, day: 16)
    static let cutoff = base.addingTimeInterval(-30 * 86_400)

    /// Runs `body` with a migrated repository on a new database whose batcher has one runner.
    static func withRepository(_ body: (PostgresRepository) async throws -> Void) async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let repository = try PostgresRepository(url: url, writeRunners: 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await repository.runPool() }
            defer { group.cancelAll() }
            try await repository.migrate()
            try await repository.batcher.whileRunning { try await body(repository) }
        }
    }

    /// A daily-metrics write of one patch, logged when `agent` is given (empty for no user agent).
    static func daily(_ date: LocalDate, _ metrics: SnapshotMetrics, agent: String? = nil) -> HealthWrite {
        var write = HealthWrite(
            snapshots: [SnapshotPatch(date: date, source: .healthKit, metrics: metrics)],
            returnsSnapshots: false)
        if let agent {
            var entry = IngestLogEntry(kind: .daily, receivedAt: base, userAgent: agent.isEmpty ? nil : agent)
            entry.status = 200
            entry.bodyBytes = 120
            write.log(entry, keepingSince: cutoff)
        }
        return write
    }

    static func metrics(
        steps: Int? = nil, hrv: Double? = nil, sleep: Int? = nil, protein: Bool? = nil
    ) -> SnapshotMetrics {
        var metrics = SnapshotMetrics()
        metrics.steps = steps
        metrics.hrv = hrv
        metrics.sleepMinutes = sleep
        metrics.proteinLogged = protein
        return metrics
    }

    /// Three users' state before the writes: A has the day stored later than the writes' clock
    /// and an old log entry; B has a daily steps quest; C nothing.
    static func prepare(_ repository: PostgresRepository) async throws -> [ServerUser] {
        var users: [ServerUser] = []
        for name in ["a", "b", "c"] {
            users.append(try await repository.addUser(name: name, timeZone: "UTC", tokenHash: "hash-\(name)", at: base))
        }
        _ = try await repository.apply(
            daily(day, metrics(steps: 500, hrv: 40.25)), for: users[0],
            at: base.addingTimeInterval(60))
        var old = IngestLogEntry(kind: .daily, receivedAt: base.addingTimeInterval(-40 * 86_400))
        old.status = 200
        _ = try await repository.recordIngest(old, for: users[0], keepingSince: .distantPast)
        try await repository.addQuest(
            Quest(
                id: "steps-b", title: "Steps", metric: .steps, comparison: .atLeast,
                target: 1_000, recurrence: .daily, requiresVerified: false,
                createdAt: base.addingTimeInterval(-86_400)), for: users[1])
        return users
    }

    /// The writes, for users A, B, C; the order of those of one user does not change the outcome.
    static func writes(_ users: [ServerUser]) -> [(HealthWrite, ServerUser)] {
        [
            (daily(day, metrics(steps: 700, protein: true)), users[0]),
            (daily(day.adding(days: -1), metrics(hrv: 51.5, sleep: 420), agent: ""), users[0]),
            (daily(day, metrics(steps: 1_500), agent: "quest-client"), users[1]),
            (daily(day, metrics(steps: 100), agent: "c-client"), users[2]),
            (daily(day, metrics(hrv: 33.125)), users[2]),  // The same row as the write before.
        ]
    }

    /// A user's snapshots, quest completions and log entries (without their ids) as JSON, to compare.
    static func stored(_ user: ServerUser, in repository: PostgresRepository) async throws -> String {
        var export = try await repository.export(user)
        export.ingests = export.ingests.map { entry in
            var entry = entry
            entry.id = 0
            return entry
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let parts = try [
            encoder.encode(export.snapshots), encoder.encode(export.questCompletions),
            encoder.encode(export.ingests),
        ]
        return parts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    @Test("Writes stored together in one batch leave what the same writes leave applied one by one")
    func sharedMeansAlone() async throws {
        var alone: [String] = []
        try await Self.withRepository { repository in
            let users = try await Self.prepare(repository)
            for (write, user) in Self.writes(users) { _ = try await repository.apply(write, for: user, at: Self.base) }
            #expect(repository.batcher.sharedWrites == 0, "one at a time, nothing is shared")
            for user in users { alone.append(try await Self.stored(user, in: repository)) }
        }
        try await Self.withRepository { repository in
            let users = try await Self.prepare(repository)
            let writes: [@Sendable () async throws -> HealthWriteResult] = Self.writes(users).map { write, user in
                { try await repository.apply(write, for: user, at: Self.base) }
            }
            let results = await PostgresWriteBatcherTests.inOneBatch(
                repository.batcher, holding: try await Self.holder(repository),
                writes)
            let answered = try results.map { try $0.get() }
            // B has a quest and one of C's writes repeats a row: those ran alone, after the shared ones.
            #expect(repository.batcher.sharedWrites == 3)
            #expect(answered[2].quests.completed == 1)
            #expect(answered.map { $0.ingestId != nil } == [false, true, true, true, false])
            var together: [String] = []
            for user in users { together.append(try await Self.stored(user, in: repository)) }
            #expect(together == alone)

            let a = try await repository.export(users[0])
            let stored = a.snapshots.first { $0.date == Self.day }
            #expect(
                stored?.steps == 700 && stored?.hrv == 40.25 && stored?.proteinLogged == true,
                "absent metrics keep the stored values")
            #expect(stored?.updatedAt == Self.base.addingTimeInterval(60), "updated_at never goes back")
            #expect(a.ingests.count == 1 && a.ingests.first?.userAgent == nil, "the old entry pruned, no user agent")
            let ids = answered.compactMap(\.ingestId)
            #expect(Set(ids).count == ids.count)
            let c = try await repository.export(users[2])
            #expect(c.ingests.map { Optional($0.id) } == [answered[3].ingestId], "the answered id is the entry's")
            #expect(c.snapshots.first?.steps == 100 && c.snapshots.first?.hrv == 33.125)
        }
    }

    @Test("A shared statement that fails costs only the failing write: each write runs again alone")
    func failingSharedWrite() async throws {
        try await Self.withRepository { repository in
            let users = try await Self.prepare(repository)
            // PostgreSQL's text refuses a NUL character: the shared log insert fails.
            let agents = ["x", "bad\u{0}agent", "x"]
            let writes: [@Sendable () async throws -> HealthWriteResult] = zip(users, agents).map { user, agent in
                {
                    try await repository.apply(
                        Self.daily(Self.day, Self.metrics(steps: 4_321), agent: agent), for: user,
                        at: Self.base)
                }
            }
            let results = await PostgresWriteBatcherTests.inOneBatch(
                repository.batcher, holding: try await Self.holder(repository),
                writes)
            #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
            if case .failure(let error) = results[1] { #expect(error is VitalsError, "\(type(of: error))") }
            #expect(repository.batcher.sharedWrites == 0, "the shared statements were rolled back")
            for user in [users[0], users[2]] {
                let export = try await repository.export(user)
                #expect(export.snapshots.first { $0.date == Self.day }?.steps == 4_321)
                #expect(export.ingests.contains { $0.userAgent == "x" })
            }
        }
    }

    @Test("A write for a user who is gone fails with notFound and stores nothing; the batch's others are shared")
    func removedUserSharedBatch() async throws {
        try await Self.withRepository { repository in
            let users = try await Self.prepare(repository)
            let ghost = ServerUser(id: 9_999, name: "ghost", timeZone: "UTC")
            let writes: [@Sendable () async throws -> HealthWriteResult] = [users[0], ghost, users[2]].map { user in
                {
                    try await repository.apply(
                        Self.daily(Self.day, Self.metrics(steps: 4_321), agent: "x"), for: user,
                        at: Self.base)
                }
            }
            let results = await PostgresWriteBatcherTests.inOneBatch(
                repository.batcher, holding: try await Self.holder(repository),
                writes)
            #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
            if case .failure(let error) = results[1] { #expect((error as? VitalsError)?.code == .notFound, "\(error)") }
            #expect(repository.batcher.sharedWrites == 2)
            var ghostRows = -1
            for try await count in try await repository.client.query(
                "SELECT COUNT(*) FROM health_snapshots WHERE user_id = 9999"
            ).decode(Int.self) {
                ghostRows = count
            }
            #expect(ghostRows == 0)
        }
    }

    /// A user whose write holds the batcher's only runner while a test queues its batch.
    static func holder(_ repository: PostgresRepository) async throws -> ServerUser {
        try await repository.addUser(name: "holder", timeZone: "UTC", tokenHash: "hash-holder", at: base)
    }
}
