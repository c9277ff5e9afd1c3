import Foundation
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsPostgres

/// A PostgreSQL URL that cannot work fails at once, saying what is wrong, instead of after the
/// pool's minute of retries with only "the PostgreSQL server failed".
@Suite("Server: a PostgreSQL connection that fails says why")
struct PostgresConnectionCheckTests {
    /// The test cluster's URL for `database`, as `user`, with an optional password.
    static func url(database: String, user: String = "postgres", password: String? = nil) async throws -> String {
        let base = try #require(URLComponents(string: try await TestPostgres.shared.newDatabase()))
        var parts = base
        parts.user = user
        parts.password = password
        parts.path = "/" + database
        return try #require(parts.string)
    }

    /// The `VitalsError` that `migrate()` throws for `url`.
    static func failure(_ url: String) async throws -> VitalsError {
        let repository = try PostgresRepository(url: url, maximumConnections: 2)
        let error = await #expect(throws: VitalsError.self) { try await repository.migrate() }
        return try #require(error)
    }

    @Test("No such database: named, with the host and port, at --postgres; the password never shown")
    func missingDatabase() async throws {
        let url = try await Self.url(database: "vitals_no_such_db", password: "s3cret-pw")
        let error = try await Self.failure(url)
        let port = try #require(URLComponents(string: url)?.port)
        #expect(error.code == .invalidInput)
        #expect(
            error.message.contains("PostgreSQL at 127.0.0.1:\(port) has no database \"vitals_no_such_db\""), "\(error)")
        #expect(error.location?.field == "--postgres")
        #expect(!"\(error)".contains("s3cret"))
    }

    @Test("An unknown user is refused by name")
    func unknownUser() async throws {
        let error = try await Self.failure(try await Self.url(database: "postgres", user: "nobody_here"))
        #expect(error.code == .invalidInput)
        #expect(error.message.contains("refused user \"nobody_here\""), "\(error)")
        #expect(error.message.contains("SQLSTATE 28000"), "\(error)")
    }

    @Test("Nothing listening on the port: unavailable, connection refused, the address named")
    func nothingListening() async throws {
        let port = try TestPostgres.freePort()
        let error = try await Self.failure("postgres://postgres:s3cret-pw@127.0.0.1:\(port)/vitals")
        #expect(error.code == .unavailable)
        #expect(
            error.message.contains("cannot connect to PostgreSQL at 127.0.0.1:\(port) (connection refused"), "\(error)")
        #expect(!"\(error)".contains("s3cret"))
    }

    @Test("vitals serve with a database that does not exist exits 64, naming it and the flag")
    func serveExits() async throws {
        let url = try await Self.url(database: "vitals_serve_missing")
        let run = try await ChildProcess.run(
            MigrateCommandTests.executable, ["serve", "--postgres", url, "--port", "0"],
            environment: ProcessInfo.processInfo.environment)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(run.termination.status == 64, "\(stderr)")
        #expect(
            stderr.contains("field '--postgres'") && stderr.contains("has no database \"vitals_serve_missing\""),
            "\(stderr)")
    }

    @Test("A database that exists passes the check and migrates")
    func reachable() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in
            try await repository.checkConnection()
            try await repository.migrate()
            #expect(try await repository.users().isEmpty)
        }
    }
}
