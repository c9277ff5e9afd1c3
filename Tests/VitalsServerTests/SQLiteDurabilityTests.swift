import Foundation
import GRDB
import Testing
import VitalsTestSupport

@testable import VitalsServerStorage

@Suite("SQLite commit durability")
struct SQLiteDurabilityTests {
    /// GRDB turns `synchronous` to NORMAL on a pool's writer when it enables WAL; the repository
    /// must set its own level after that, on the connection that commits.
    @Test("The writer commits with the configured synchronous level", arguments: [(true, 2), (false, 1)])
    func writerSynchronousLevel(durable: Bool, level: Int) async throws {
        let path = TestFolder.path("vitals-sync", suffix: ".sqlite")
        defer { removeDatabaseFiles(path) }
        var configuration = SQLiteRepository.Configuration()
        configuration.durableCommits = durable
        let repository = try SQLiteRepository(path: path, configuration: configuration)
        try await repository.migrate()
        let writerLevel = try await repository.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(writerLevel == level)
        // The batcher's transactions run on the same writer connection.
        let batchedLevel = try await repository.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(batchedLevel == level)
        try await repository.close()
    }
}
