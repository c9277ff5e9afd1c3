import Foundation
import PostgresNIO
import Testing
import VitalsCore
import VitalsPostgres
import VitalsServerStorage

/// `vitals migrate` (issue 18, item 4): one migration into a database at a time, held by a
/// PostgreSQL advisory lock.
@Suite("Server: one migration into a PostgreSQL database at a time")
struct MigrationLockTests {
    @Test("A second migration into the same database while one runs is refused at once; another database is not")
    func secondMigrationRefused() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            let other = try await TestPostgres.shared.newDatabase()
            let first = try await MigrationTests.migrate(sqlite.repository, to: url) { name in
                guard name == "ada" else { return }
                #expect(try await Self.migrationLocks(url: url) == 1)
                // The first run holds the lock between two users: a second run into the same
                // database must give up, not wait (waiting would hang here, ada's run being blocked).
                do {
                    _ = try await MigrationTests.migrate(sqlite.repository, to: url)
                    Issue.record("a second migration into the same database was not refused")
                } catch let error as VitalsError {
                    #expect(error.underlying is ServerMigration.Locked, "\(error)")
                    #expect(error.message.contains("another vitals migrate into this database is running"))
                    #expect(error.location?.field == "--to")
                }
                // The lock is the database's, not the cluster's.
                let elsewhere = try await MigrationTests.migrate(sqlite.repository, to: other)
                #expect(elsewhere.verified && elsewhere.copiedUsers == ["ada", "bob"])
            }
            #expect(first.verified && first.copiedUsers == ["ada", "bob"])
            // Released at the end: the next run starts (and has nothing left to copy).
            let again = try await MigrationTests.migrate(sqlite.repository, to: url)
            #expect(again.verified && again.skippedUsers == ["ada", "bob"])
        }
    }

    @Test("A migration releases the lock when it ends, failed or not, though its connection stays open in the pool")
    func lockReleased() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            struct Interrupted: Error {}
            let source = try #require(sqlite.repository as? SQLiteRepository)
            try await PostgresRepository.withRepository(url: url) { target in
                var failing = ServerMigration(from: source, to: target)
                failing.afterUser = { _ in throw Interrupted() }
                await #expect(throws: Interrupted.self) { _ = try await failing.run() }
                #expect(try await Self.migrationLocks(url: url) == 0)
                var failingInside = ServerMigration(from: source, to: target)
                failingInside.afterTable = { name, table in
                    if name == "bob", table == "samples" { throw Interrupted() }
                }
                await #expect(throws: VitalsError.self) { _ = try await failingInside.run() }
                #expect(try await Self.migrationLocks(url: url) == 0)
                let report = try await ServerMigration(from: source, to: target).run()
                #expect(report.verified && report.copiedUsers == ["bob"] && report.skippedUsers == ["ada"])
                #expect(try await Self.migrationLocks(url: url) == 0)
            }
        }
    }

    /// How many sessions hold the migration lock on the database at `url`.
    static func migrationLocks(url: String) async throws -> Int {
        try await MigrationTests.withClient(url: url) { client in
            // A bigint key is kept as its high and low 32 bits, with objsubid 1.
            let key = ServerMigration.lockKey
            var count = 0
            for try await value in try await client.query(
                """
                SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
                    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                    AND classid::int8 = \(key >> 32) AND objid::int8 = \(key & 0xFFFF_FFFF) AND objsubid = 1
                """
            ).decode(Int.self) {
                count = value
            }
            return count
        }
    }
}
