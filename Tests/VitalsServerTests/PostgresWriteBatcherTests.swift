import Foundation
import Logging
import PostgresNIO
import Testing
import VitalsCore

@testable import VitalsPostgres
@testable import VitalsServerStorage

/// The PostgreSQL write batcher's group commit, on a real database: writes queued while a batch
/// runs share the next transaction, and one failing write does not cost the others theirs.
@Suite("Server: PostgreSQL group commit")
struct PostgresWriteBatcherTests {
    /// A write's view of its transaction: its id, and whether it holds its user's write lock.
    struct Seen: Sendable {
        var transaction: Int64
        var holdsLock: Bool
    }

    struct Refused: Error {}

    static let logger = Logger(label: "vitals.test.batcher")

    /// Runs `body` with a migrated repository on a new database holding users 1 to 5, a probe
    /// table, and a running batcher with one runner (unless told), so writes queued while it is
    /// busy form its next batch.
    static func withBatcher(
        runners: Int = 1, _ body: (PostgresRepository, PostgresWriteBatcher, [ServerUser]) async throws -> Void
    )
        async throws
    {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in
            try await repository.migrate()
            try await repository.client.query("CREATE TABLE probe (user_id bigint NOT NULL, note text PRIMARY KEY)")
            var users: [ServerUser] = []
            for index in 1...5 {
                users.append(
                    try await repository.addUser(
                        name: "u\(index)", timeZone: "UTC", tokenHash: "hash-\(index)",
                        at: Date()))
            }
            #expect(users.map(\.id) == [1, 2, 3, 4, 5])
            let batcher = PostgresWriteBatcher(
                client: repository.client, logger: repository.logger, maximumRunners: runners)
            let byID = [users[0]] + users  // users[n] has id n
            try await batcher.whileRunning { try await body(repository, batcher, byID) }
        }
    }

    /// Runs `writes` as one batch: a first write holds the only runner until all of them are queued.
    static func inOneBatch<T: Sendable>(
        _ batcher: PostgresWriteBatcher, holding user: ServerUser,
        _ writes: [@Sendable () async throws -> T]
    ) async -> [Result<T, any Error>] {
        let (started, startedGo) = AsyncStream<Void>.makeStream()
        let (release, releaseGo) = AsyncStream<Void>.makeStream()
        return await withTaskGroup(of: (Int, Result<T, any Error>)?.self) { group in
            group.addTask {
                _ = try? await batcher.write(for: user) { _, _ in
                    startedGo.yield()
                    for await _ in release { break }
                }
                return nil
            }
            for await _ in started { break }
            for (index, write) in writes.enumerated() {
                group.addTask {
                    do { return (index, .success(try await write())) } catch { return (index, .failure(error)) }
                }
            }
            while batcher.waiting < writes.count { await Task.yield() }
            releaseGo.yield()
            var results = [Result<T, any Error>?](repeating: nil, count: writes.count)
            for await case let (index, result)? in group { results[index] = result }
            return results.map { $0! }
        }
    }

    /// Inserts a probe row as `user`, noting the transaction and whether the user's lock is held.
    static func insert(_ note: String, user: Int64, on connection: PostgresConnection) async throws -> Seen {
        try await connection.query("INSERT INTO probe (user_id, note) VALUES (\(user), \(note))", logger: logger)
        let rows = try await connection.query(
            """
            SELECT txid_current(), EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
                AND classid = \(Int64(PostgresRepository.userWriteLock)) AND objid = \(user) AND granted)
            """, logger: logger)
        for try await (transaction, held) in rows.decode((Int64, Bool).self) {
            return Seen(transaction: transaction, holdsLock: held)
        }
        throw Refused()
    }

    static func notes(in repository: PostgresRepository) async throws -> Set<String> {
        var notes = Set<String>()
        for try await note in try await repository.client.query("SELECT note FROM probe").decode(String.self) {
            notes.insert(note)
        }
        return notes
    }

    @Test("Two users' writes queued together commit in one transaction, each holding its user's lock")
    func twoUsersOneTransaction() async throws {
        try await Self.withBatcher { repository, batcher, users in
            let writes: [@Sendable () async throws -> Seen] = [users[1], users[2]].map { user in
                {
                    try await batcher.write(for: user) { connection, _ in
                        try await Self.insert("n\(user.id)", user: user.id, on: connection)
                    }
                }
            }
            let results = await Self.inOneBatch(batcher, holding: users[5], writes)
            let seen = try results.map { try $0.get() }
            #expect(seen[0].transaction == seen[1].transaction, "one transaction, one commit")
            #expect(seen.map(\.holdsLock) == [true, true])
            let notes = try await Self.notes(in: repository)
            #expect(notes == ["n1", "n2"])
        }
    }

    @Test("A write failing in a batch gets its error and leaves nothing; the others' writes are stored")
    func failingWriteInBatch() async throws {
        try await Self.withBatcher { repository, batcher, users in
            _ = try await batcher.write(for: users[3]) { connection, _ in
                try await Self.insert("taken", user: 3, on: connection)
            }
            let writes: [@Sendable () async throws -> Seen] = [
                {
                    try await batcher.write(for: users[1]) { connection, _ in
                        try await Self.insert("first", user: 1, on: connection)
                    }
                },
                // Refused by the database: the batch's transaction is aborted.
                {
                    try await batcher.write(for: users[2]) { connection, _ in
                        try await Self.insert("taken", user: 2, on: connection)
                    }
                },
                // Writes, then fails in Swift: its row must go with it.
                {
                    try await batcher.write(for: users[2]) { connection, _ -> Seen in
                        _ = try await Self.insert("thrown", user: 2, on: connection)
                        throw Refused()
                    }
                },
                {
                    try await batcher.write(for: users[4]) { connection, _ in
                        try await Self.insert("last", user: 4, on: connection)
                    }
                },
            ]
            let results = await Self.inOneBatch(batcher, holding: users[5], writes)
            let stored = results.map { (try? $0.get()) != nil }
            #expect(stored == [true, false, false, true])
            if case .failure(let error) = results[1] { #expect(error is PSQLError, "\(type(of: error))") }
            if case .failure(let error) = results[2] { #expect(error is Refused, "\(type(of: error))") }
            let notes = try await Self.notes(in: repository)
            #expect(notes == ["taken", "first", "last"])
        }
    }

    @Test("An answered write is committed: a new connection pool on the database reads it")
    func answeredWriteSurvives() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in
            try await repository.migrate()
            try await repository.client.query("CREATE TABLE probe (user_id bigint NOT NULL, note text PRIMARY KEY)")
            let user = try await repository.addUser(name: "u1", timeZone: "UTC", tokenHash: "hash-1", at: Date())
            let batcher = PostgresWriteBatcher(client: repository.client, logger: repository.logger)
            _ = try await batcher.whileRunning {
                try await batcher.write(for: user) { connection, _ in
                    try await Self.insert("kept", user: user.id, on: connection)
                }
            }
        }
        let notes = try await PostgresRepository.withRepository(url: url) { try await Self.notes(in: $0) }
        #expect(notes == ["kept"])
    }

    @Test(
        "A write for a user removed meanwhile runs nothing and fails with notFound; the batch's other writes are stored"
    )
    func removedUserInBatch() async throws {
        try await Self.withBatcher { repository, batcher, users in
            _ = try await repository.removeUser(named: users[2].name)
            let writes: [@Sendable () async throws -> Seen] = [
                {
                    try await batcher.write(for: users[1]) { connection, _ in
                        try await Self.insert("first", user: 1, on: connection)
                    }
                },
                {
                    try await batcher.write(for: users[2]) { connection, _ in
                        try await Self.insert("removed", user: 2, on: connection)
                    }
                },
                {
                    try await batcher.write(for: users[3]) { connection, _ in
                        try await Self.insert("last", user: 3, on: connection)
                    }
                },
            ]
            let results = await Self.inOneBatch(batcher, holding: users[5], writes)
            #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
            if case .failure(let error) = results[1] { #expect((error as? VitalsError)?.code == .notFound, "\(error)") }
            #expect(try await Self.notes(in: repository) == ["first", "last"])
            // Alone, too.
            await #expect(throws: VitalsError.self) {
                try await batcher.write(for: users[2]) { connection, _ in
                    try await Self.insert("alone", user: 2, on: connection)
                }
            }
            #expect(try await Self.notes(in: repository) == ["first", "last"])
        }
    }

    @Test("A removal waits for the user's write in flight and then erases its samples: none outlives the user")
    func removalWaitsForWrite() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in
            try await repository.migrate()
            let user = try await repository.addUser(name: "ada", timeZone: "UTC", tokenHash: "hash-ada", at: Date())
            let (inside, insideGo) = AsyncStream<Void>.makeStream()
            let (release, releaseGo) = AsyncStream<Void>.makeStream()
            async let written: Int = repository.writeTransaction(for: user) { store in
                let sample = StoredSample(
                    uuid: UUID(), type: "HKQuantityTypeIdentifierStepCount", start: Date(),
                    end: Date(), value: 10, sourceName: "Watch")
                let added = try await store.insert([sample]).count
                insideGo.yield()
                for await _ in release { break }
                return added
            }
            for await _ in inside { break }
            async let removed = repository.removeUser(named: "ada")
            // Until the removal waits for the write's lock (a removal that does not wait finds nothing to wait for).
            for _ in 0..<100 {
                var waiting = 0
                for try await count in try await repository.client.query(
                    "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                ).decode(Int.self) {
                    waiting = count
                }
                if waiting > 0 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            releaseGo.yield()
            #expect(try await written == 1)
            #expect(try await removed.samples == 1, "the removal erased the sample the write stored")
            var left = -1
            for try await count in try await repository.client.query("SELECT COUNT(*) FROM samples").decode(Int.self) {
                left = count
            }
            #expect(left == 0)
        }
    }

    @Test(
        "A server's share of the runners bounds its batches at once: shared among two, a second write waits for the first's batch"
    )
    func sharedRunners() async throws {
        try await Self.withBatcher(runners: 2) { _, batcher, users in
            #expect(batcher.allowedRunners == 2)
            batcher.share(among: 3)
            #expect(batcher.allowedRunners == 1, "at least one runner each")
            batcher.share(among: 2)
            #expect(batcher.allowedRunners == 1)
            let (started, startedGo) = AsyncStream<Void>.makeStream()
            let (release, releaseGo) = AsyncStream<Void>.makeStream()
            let first = Task {
                try await batcher.write(for: users[1]) { _, _ in
                    startedGo.yield()
                    for await _ in release { break }
                }
            }
            for await _ in started { break }
            let second = Task { try await batcher.write(for: users[2]) { _, _ in } }
            let deadline = ContinuousClock.now + .seconds(2)
            while batcher.waiting < 1, ContinuousClock.now < deadline { await Task.yield() }
            try await Task.sleep(for: .milliseconds(200))
            #expect(batcher.waiting == 1, "no second runner starts beyond the share")
            releaseGo.yield()
            try await first.value
            try await second.value

            batcher.share(among: 1)
            #expect(batcher.allowedRunners == 2)
            let (startedAgain, startedAgainGo) = AsyncStream<Void>.makeStream()
            let (releaseAgain, releaseAgainGo) = AsyncStream<Void>.makeStream()
            let holding = Task {
                try await batcher.write(for: users[1]) { _, _ in
                    startedAgainGo.yield()
                    for await _ in releaseAgain { break }
                }
            }
            for await _ in startedAgain { break }
            // A second runner takes it while the first holds its own.
            try await batcher.write(for: users[2]) { _, _ in }
            releaseAgainGo.yield()
            try await holding.value
        }
    }

}
