import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Testing
import VitalsCore

@testable import VitalsPostgres
@testable import VitalsServerStorage

/// The PostgreSQL write batcher stops with its repository: the writes queued when it stops are
/// done (committed after a graceful shutdown, failed at once after a cancellation), none is left
/// waiting, and a write after it stopped fails at once.
@Suite("Server: PostgreSQL group commit stops with its repository")
struct PostgresWriteBatcherShutdownTests {
    typealias Outcome = Result<Void, any Error>

    /// Writes started in tasks of their own, whose outcomes a test collects with a deadline: a
    /// write left waiting fails the test instead of hanging it.
    struct Started: Sendable {
        let outcomes: AsyncStream<(Int, Outcome)>
        let count: Int

        init(_ writes: [@Sendable () async throws -> Void]) {
            let (outcomes, ended) = AsyncStream<(Int, Outcome)>.makeStream()
            for (index, write) in writes.enumerated() {
                Task {
                    do {
                        try await write()
                        ended.yield((index, .success(())))
                    } catch {
                        ended.yield((index, .failure(error)))
                    }
                }
            }
            self.outcomes = outcomes
            self.count = writes.count
        }

        /// How each write ended; nil, and an issue, for one still waiting after `limit`.
        func collect(within limit: Duration = .seconds(60)) async -> [Outcome?] {
            let (outcomes, count) = (self.outcomes, self.count)
            let seen = await withTaskGroup(of: [Int: Outcome]?.self) { group in
                group.addTask {
                    var seen: [Int: Outcome] = [:]
                    for await (index, outcome) in outcomes {
                        seen[index] = outcome
                        if seen.count == count { break }
                    }
                    return seen
                }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return nil
                }
                // The first to end stops the other: all seen, or the deadline and those seen by then.
                for await seen in group {
                    group.cancelAll()
                    if let seen { return seen }
                }
                return [:]
            }
            for index in 0..<count where seen[index] == nil {
                Issue.record("write \(index) still waits after \(limit)")
            }
            return (0..<count).map { seen[$0] }
        }
    }

    /// Whether `outcome` is the failure of a write refused because the batcher stopped.
    static func isStopped(_ outcome: Outcome?) -> Bool {
        guard case .failure(let error as VitalsError)? = outcome else { return false }
        return error == PostgresWriteBatcher.stopped
    }

    /// Whether `outcome` is a success.
    static func succeeded(_ outcome: Outcome?) -> Bool {
        guard case .success? = outcome else { return false }
        return true
    }

    /// Inserts the probe row `note` as `user` through `batcher`.
    static func insert(_ note: String, _ user: ServerUser, _ batcher: PostgresWriteBatcher) async throws {
        _ = try await batcher.write(for: user) { connection, _ in
            try await PostgresWriteBatcherTests.insert(note, user: user.id, on: connection)
        }
    }

    /// Starts a write as `user` that stores the probe row `note` and then holds its batch's
    /// runner until `release` yields (or its runner is cancelled); returns once it holds it, or failed.
    static func hold(
        _ note: String, _ user: ServerUser, _ batcher: PostgresWriteBatcher, until release: AsyncStream<Void>
    ) async -> Started {
        let (inside, insideGo) = AsyncStream<Void>.makeStream()
        let held = Started([
            {
                defer { insideGo.finish() }  // Failed before holding anything: returns all the same.
                _ = try await batcher.write(for: user) { connection, _ in
                    _ = try await PostgresWriteBatcherTests.insert(note, user: user.id, on: connection)
                    insideGo.yield()
                    for await _ in release { break }
                }
            }
        ])
        for await _ in inside { break }
        return held
    }

    /// Holds one write in its batch, queues one for each of `queued` (notes `q<first>`, ...), stops
    /// the batcher with `stop`, then expects a write for `late` refused at once and the held and
    /// queued writes all committed once the held one is released.
    static func expectQueuedWritesCommit(
        _ batcher: PostgresWriteBatcher, held user: ServerUser, queued: [ServerUser], late: ServerUser, first: Int,
        stop: () async -> Void
    ) async throws {
        let (release, releaseGo) = AsyncStream<Void>.makeStream()
        let held = await hold("held", user, batcher, until: release)
        let writes = Started(
            queued.enumerated().map { offset, user in { try await insert("q\(first + offset)", user, batcher) } })
        try await until("\(queued.count) writes queued") { batcher.waiting == queued.count }
        await stop()
        try await until("the batcher stopped") { batcher.state.withLock { $0.stopped } }
        let refused = await Started([{ try await insert("late", late, batcher) }]).collect(within: .seconds(10))[0]
        #expect(isStopped(refused), "\(String(describing: refused))")
        releaseGo.yield()
        #expect(succeeded(await held.collect()[0]))
        let outcomes = await writes.collect()
        #expect(outcomes.allSatisfy(succeeded), "\(outcomes)")
    }

    /// Waits until `condition` holds, for at most `limit` (then records an issue and returns).
    static func until(
        _ what: String, within limit: Duration = .seconds(30), _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + limit
        while !(try await condition()) {
            guard ContinuousClock.now < deadline else {
                Issue.record("not \(what) within \(limit)")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("A write after the batcher's run ended (finished, or cancelled) fails at once, saying so; it stores nothing")
    func writeAfterStop() async throws {
        try await PostgresWriteBatcherTests.withBatcher { repository, _, users in
            let finished = PostgresWriteBatcher(client: repository.client, logger: repository.logger)
            try await finished.whileRunning { try await Self.insert("before", users[1], finished) }
            let cancelled = PostgresWriteBatcher(client: repository.client, logger: repository.logger)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await cancelled.run() }
                group.cancelAll()
            }
            for batcher in [finished, cancelled] {
                let outcomes = await Started([{ try await Self.insert("after", users[2], batcher) }])
                    .collect(within: .seconds(10))
                #expect(Self.isStopped(outcomes[0]), "\(String(describing: outcomes[0]))")
            }
            #expect(try await PostgresWriteBatcherTests.notes(in: repository) == ["before"])
        }
    }

    @Test(
        "Writes queued when the batcher is told to finish all commit after the batch in flight; a later one fails at once"
    )
    func queuedWritesCommitOnFinish() async throws {
        try await PostgresWriteBatcherTests.withBatcher { repository, batcher, users in
            try await Self.expectQueuedWritesCommit(
                batcher, held: users[5], queued: Array(users[1...3]), late: users[4], first: 1
            ) { batcher.finish() }
            #expect(try await PostgresWriteBatcherTests.notes(in: repository) == ["held", "q1", "q2", "q3"])
        }
    }

    @Test(
        "Writes queued when the batcher's run is cancelled fail at once, saying so, and store nothing; the batch in flight commits"
    )
    func queuedWritesFailOnCancel() async throws {
        try await PostgresWriteBatcherTests.withBatcher { repository, _, users in
            let batcher = PostgresWriteBatcher(client: repository.client, logger: repository.logger, maximumRunners: 1)
            let (release, releaseGo) = AsyncStream<Void>.makeStream()
            defer { releaseGo.finish() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await batcher.run() }
                let held = await Self.hold("held", users[5], batcher, until: release)
                let queued = Started(
                    (1...3).map { index in { try await Self.insert("q\(index)", users[index], batcher) } })
                try await Self.until("three writes queued") { batcher.waiting == 3 }
                group.cancelAll()  // The held write's wait ends with its runner's cancellation.
                #expect(Self.succeeded(await held.collect()[0]))
                let outcomes = await queued.collect()
                #expect(outcomes.allSatisfy(Self.isStopped), "\(outcomes)")
            }
            #expect(try await PostgresWriteBatcherTests.notes(in: repository) == ["held"])
        }
    }

    @Test(
        "A repository shut down gracefully as a service commits the writes queued and leaves the servers' count before its pool closes"
    )
    func repositoryGracefulShutdown() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let users = try await PostgresRepository.withRepository(url: url) { repository in
            try await repository.migrate()
            try await repository.client.query("CREATE TABLE probe (user_id bigint NOT NULL, note text PRIMARY KEY)")
            var users: [ServerUser] = []
            for index in 1...4 {
                users.append(
                    try await repository.addUser(
                        name: "u\(index)", timeZone: "UTC", tokenHash: "hash-\(index)", at: Date()))
            }
            return users
        }
        let repository = try PostgresRepository(url: url, maximumConnections: 4, writeRunners: 1)
        let batcher = repository.batcher
        let services = ServiceGroup(
            configuration: .init(services: [repository], logger: PostgresWriteBatcherTests.logger))
        // In a task of its own, with a deadline: a run() that never ends fails the test.
        let service = Started([{ try await services.run() }])
        do {
            try await repository.migrate()
            try await Self.until("this server counted") { try await Self.servers(on: repository) == 1 }
            try await Self.expectQueuedWritesCommit(
                batcher, held: users[3], queued: Array(users[0..<3]), late: users[0], first: 0
            ) { await services.triggerGracefulShutdown() }
        } catch {
            await services.triggerGracefulShutdown()
            throw error
        }
        #expect(Self.succeeded(await service.collect()[0]), "the repository's run() ended")
        let (notes, servers) = try await PostgresRepository.withRepository(url: url) { repository in
            (try await PostgresWriteBatcherTests.notes(in: repository), try await Self.servers(on: repository))
        }
        #expect(notes == ["held", "q0", "q1", "q2"])
        #expect(servers == 0, "the server left the count before its pool closed")
    }

    /// The servers noted on the database, stale or not.
    static func servers(on repository: PostgresRepository) async throws -> Int64 {
        let rows = try await repository.client.query("SELECT count(*) FROM server_processes").collect()
        return try rows.first?.decode(Int64.self) ?? -1
    }
}
