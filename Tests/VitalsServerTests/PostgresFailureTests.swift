import Foundation
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsPostgres

/// A PostgreSQL failure after connecting names its SQLSTATE and, for the ones a deployment
/// meets, what it means, instead of only "the PostgreSQL server failed".
@Suite("Server: a PostgreSQL failure says what it means")
struct PostgresFailureTests {
    /// The database of a test URL, its last path component.
    static func database(of url: String) throws -> String {
        try #require(URLComponents(string: url)?.path.split(separator: "/").last.map(String.init))
    }

    @Test("A read-only database (a standby, default_transaction_read_only): SQLSTATE 25006, said so")
    func readOnly() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { try await $0.migrate() }
        try await TestPostgres.shared.execute(
            "ALTER DATABASE \(try Self.database(of: url)) SET default_transaction_read_only = on")
        // A new pool's connections start read-only.
        let error = await #expect(throws: VitalsError.self) {
            try await PostgresRepository.withRepository(url: url) { repository in
                _ = try await repository.addUser(
                    name: "ann", timeZone: "UTC", tokenHash: "h", expiresAt: nil, at: Date())
            }
        }
        #expect(error?.code == .database)
        #expect(
            error?.message.contains("SQLSTATE 25006: the database is read-only") == true, "\(String(describing: error))"
        )
        #expect(error?.message.contains("standby") == true)
    }

    @Test("A user without the right to create tables: SQLSTATE 42501, the missing privilege said; serve exits 74")
    func missingPrivilege() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let role = "vitals_limited_\(getpid())"
        try await TestPostgres.shared.execute("CREATE ROLE \(role) LOGIN")
        // Since PostgreSQL 15 only a database's owner may create tables in its public schema.
        try await TestPostgres.shared.execute(
            "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
            database: try Self.database(of: url))
        var parts = try #require(URLComponents(string: url))
        parts.user = role
        let limited = try #require(parts.string)

        let error = await #expect(throws: VitalsError.self) {
            try await PostgresRepository.withRepository(url: limited) { try await $0.migrate() }
        }
        #expect(error?.code == .database)
        #expect(
            error?.message.contains("SQLSTATE 42501: the URL's user lacks a privilege") == true,
            "\(String(describing: error))")

        let run = try await ChildProcess.run(
            MigrateCommandTests.executable, ["serve", "--postgres", limited, "--port", "0"],
            environment: ProcessInfo.processInfo.environment)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(run.termination.status == 74, "\(stderr)")
        #expect(stderr.contains("lacks a privilege"), "\(stderr)")
    }

    @Test("Connection failures and a server going down are unavailable; other states keep their number")
    func classes() {
        #expect(PostgresRepository.explanation(sqlState: "08006").0 == .unavailable)
        #expect(PostgresRepository.explanation(sqlState: "57P01").0 == .unavailable)
        #expect(PostgresRepository.explanation(sqlState: "53300").0 == .unavailable)
        #expect(PostgresRepository.explanation(sqlState: "53100").1?.contains("disk is full") == true)
        let other = PostgresRepository.explanation(sqlState: "22P02")
        #expect(other.0 == .database && other.1 == nil)
    }
}
