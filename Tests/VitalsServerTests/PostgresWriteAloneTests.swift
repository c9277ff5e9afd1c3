import Foundation
import PostgresNIO
import Synchronization
import Testing
import VitalsCore

@testable import VitalsPostgres
@testable import VitalsServerStorage

/// Writes that consume their input as they go (an export's parser, a request body read chunk by
/// chunk) run in a transaction of their own: PostgreSQL's group commit runs a batch's writes
/// again, one by one, when one of them failed, and such a write, run twice, would find its input
/// used up and commit nothing in its second run.
@Suite("Server: PostgreSQL writes that run alone")
struct PostgresWriteAloneTests {
    /// How many times a write's body ran.
    final class Runs: Sendable {
        let count = Atomic(0)
    }

    /// Queues `writes` in their order while a first write holds the only runner, then lets it go.
    static func queuedInOrder<T: Sendable>(
        _ batcher: PostgresWriteBatcher, holding user: ServerUser,
        _ writes: [@Sendable () async throws -> T]
    ) async -> [Result<T, any Error>] {
        let (started, startedGo) = AsyncStream<Void>.makeStream()
        let (release, releaseGo) = AsyncStream<Void>.makeStream()
        let holding = Task {
            _ = try? await batcher.write(for: user) { _, _ in
                startedGo.yield()
                for await _ in release { break }
            }
        }
        for await _ in started { break }
        var tasks: [Task<T, any Error>] = []
        for write in writes {
            tasks.append(Task { try await write() })
            while batcher.waiting < tasks.count { await Task.yield() }
        }
        releaseGo.yield()
        await holding.value
        var results: [Result<T, any Error>] = []
        for task in tasks { results.append(await task.result) }
        return results
    }

    @Test("A write asked to run alone is a batch of its own: queued with a failing write, it runs once and commits")
    func aloneRunsOnce() async throws {
        try await PostgresWriteBatcherTests.withBatcher { repository, batcher, users in
            _ = try await batcher.write(for: users[3]) { connection, _ in
                try await PostgresWriteBatcherTests.insert("taken", user: 3, on: connection)
            }
            let runs = Runs()
            let writes: [@Sendable () async throws -> PostgresWriteBatcherTests.Seen] = [
                {
                    try await batcher.write(for: users[1], alone: true) { connection, _ in
                        runs.count.add(1, ordering: .relaxed)
                        return try await PostgresWriteBatcherTests.insert("alone", user: 1, on: connection)
                    }
                },
                // Refused by the database: a batch holding it is rolled back and run again write by write.
                {
                    try await batcher.write(for: users[2]) { connection, _ in
                        try await PostgresWriteBatcherTests.insert("taken", user: 2, on: connection)
                    }
                },
                {
                    try await batcher.write(for: users[4]) { connection, _ in
                        try await PostgresWriteBatcherTests.insert("after", user: 4, on: connection)
                    }
                },
            ]
            let results = await Self.queuedInOrder(batcher, holding: users[5], writes)
            #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
            #expect(runs.count.load(ordering: .relaxed) == 1, "its body ran once")
            let alone = try results[0].get()
            let after = try results[2].get()
            #expect(alone.transaction != after.transaction, "the writes after it take the next batch")
            #expect(alone.holdsLock)
            #expect(try await PostgresWriteBatcherTests.notes(in: repository) == ["taken", "alone", "after"])
        }
    }

    @Test("Batches stop before a write that runs alone and take it by itself, at most the batch size otherwise")
    func batchesAroundAlone() {
        func job(_ alone: Bool) -> PostgresWriteBatcher.Job {
            PostgresWriteBatcher.Job(
                userID: 1, lockKey: 1, alone: alone, run: { _, _ in true }, shared: nil, complete: { _ in })
        }
        let pending = [false, false, true, false, true, true].map(job)
        #expect(PostgresWriteBatcher.batch(from: pending, atMost: 64).count == 2)
        #expect(PostgresWriteBatcher.batch(from: pending, atMost: 1).count == 1)
        #expect(PostgresWriteBatcher.batch(from: Array(pending.dropFirst(2)), atMost: 64).map(\.alone) == [true])
        #expect(PostgresWriteBatcher.batch(from: Array(pending.dropFirst(3)), atMost: 64).map(\.alone) == [false])
        #expect(PostgresWriteBatcher.batch(from: [], atMost: 64).isEmpty)
    }
}
