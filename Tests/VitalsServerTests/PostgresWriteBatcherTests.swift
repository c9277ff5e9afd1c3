import Foundation
import Logging
import PostgresNIO
import Testing
@testable import VitalsServer

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

    /// Runs `body` with a migrated repository on a new database, a probe table, and a batcher
    /// with one runner, so writes queued while it is busy form its next batch.
    static func withBatcher(_ body: (PostgresRepository, PostgresWriteBatcher) async throws -> Void) async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in
            try await repository.client.query("CREATE TABLE probe (user_id bigint NOT NULL, note text PRIMARY KEY)")
            let batcher = PostgresWriteBatcher(client: repository.client, logger: repository.logger, maximumRunners: 1)
            try await body(repository, batcher)
        }
    }

    /// Runs `writes` as one batch: a first write holds the only runner until all of them are queued.
    static func inOneBatch<T: Sendable>(_ batcher: PostgresWriteBatcher,
                                        _ writes: [@Sendable () async throws -> T]) async -> [Result<T, any Error>] {
        let (started, startedGo) = AsyncStream<Void>.makeStream()
        let (release, releaseGo) = AsyncStream<Void>.makeStream()
        return await withTaskGroup(of: (Int, Result<T, any Error>)?.self) { group in
            group.addTask {
                _ = try? await batcher.write(lockKey: 0) { _ in
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
        let rows = try await connection.query("""
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
        try await Self.withBatcher { repository, batcher in
            let writes: [@Sendable () async throws -> Seen] = [Int64(1), 2].map { user in
                { try await batcher.write(lockKey: Int32(user)) { try await Self.insert("n\(user)", user: user, on: $0) } }
            }
            let results = await Self.inOneBatch(batcher, writes)
            let seen = try results.map { try $0.get() }
            #expect(seen[0].transaction == seen[1].transaction, "one transaction, one commit")
            #expect(seen.map(\.holdsLock) == [true, true])
            let notes = try await Self.notes(in: repository)
            #expect(notes == ["n1", "n2"])
        }
    }

    @Test("A write failing in a batch gets its error and leaves nothing; the others' writes are stored")
    func failingWriteInBatch() async throws {
        try await Self.withBatcher { repository, batcher in
            _ = try await batcher.write(lockKey: 3) { try await Self.insert("taken", user: 3, on: $0) }
            let writes: [@Sendable () async throws -> Seen] = [
                { try await batcher.write(lockKey: 1) { try await Self.insert("first", user: 1, on: $0) } },
                // Refused by the database: the batch's transaction is aborted.
                { try await batcher.write(lockKey: 2) { try await Self.insert("taken", user: 2, on: $0) } },
                // Writes, then fails in Swift: its row must go with it.
                { try await batcher.write(lockKey: 2) { connection -> Seen in
                    _ = try await Self.insert("thrown", user: 2, on: connection)
                    throw Refused()
                } },
                { try await batcher.write(lockKey: 4) { try await Self.insert("last", user: 4, on: $0) } },
            ]
            let results = await Self.inOneBatch(batcher, writes)
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
            try await repository.client.query("CREATE TABLE probe (user_id bigint NOT NULL, note text PRIMARY KEY)")
            let batcher = PostgresWriteBatcher(client: repository.client, logger: repository.logger)
            _ = try await batcher.write(lockKey: 1) { try await Self.insert("kept", user: 1, on: $0) }
        }
        let notes = try await PostgresRepository.withRepository(url: url) { try await Self.notes(in: $0) }
        #expect(notes == ["kept"])
    }
}
