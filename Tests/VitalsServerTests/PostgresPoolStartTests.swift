import Foundation
import Logging
import Testing
import VitalsTestSupport

@testable import VitalsPostgres

/// The repository's first query waits for its connection pool to run, so PostgresNIO never
/// warns "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()` hasn't
/// been called yet" at a server's start or in `vitals migrate`.
@Suite("Server: PostgreSQL's pool runs before the first query")
struct PostgresPoolStartTests {
    static let warning = "hasn't been called yet"

    /// A new migrated database.
    static func database() async throws -> String {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { try await $0.migrate() }
        return url
    }

    @Test("withRepository: a query at once, twenty times, and no warning")
    func boundedJob() async throws {
        let url = try await Self.database()
        let log = CapturedLog()
        for _ in 0..<20 {
            let users = try await PostgresRepository.withRepository(url: url, logger: log.logger) {
                try await $0.users()
            }
            #expect(users.isEmpty)
        }
        let warnings = log.all.filter { $0.text.contains(Self.warning) }
        // Before the signal 18 of 20 warned; the window it leaves is PoolStartLogHandler's.
        #expect(warnings.isEmpty, "\(warnings.count) of 20 warned: \(warnings.first?.text ?? "")")
    }

    @Test("A repository run as a service: migrate() and a query right after run() starts, twenty times, and no warning")
    func service() async throws {
        let url = try await Self.database()
        let log = CapturedLog()
        for _ in 0..<20 {
            let repository = try PostgresRepository(url: url, logger: log.logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await repository.run() }
                try await repository.migrate()
                #expect(try await repository.users().isEmpty)
                group.cancelAll()
            }
        }
        let warnings = log.all.filter { $0.text.contains(Self.warning) }
        // Before the signal 18 of 20 warned; the window it leaves is PoolStartLogHandler's.
        #expect(warnings.isEmpty, "\(warnings.count) of 20 warned: \(warnings.first?.text ?? "")")
    }

    @Test("The warning passes while the signal is closed and is dropped once it is open; other entries always pass")
    func handler() {
        let log = CapturedLog()
        let poolStart = PoolStart()
        let logger = log.logger.droppingLeaseWarning(after: poolStart)
        let warning =
            "Trying to lease connection from `PostgresClient`, but `PostgresClient.run()` hasn't been called yet."
        logger.warning("\(warning)")
        poolStart.open()
        logger.warning("\(warning)")
        logger.error("\(warning)")
        logger.warning("another warning")
        #expect(log.all.map(\.level) == [.warning, .error, .warning])
        #expect(log.all.map(\.text) == [warning, warning, "another warning"])
    }
}
