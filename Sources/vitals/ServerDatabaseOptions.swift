import ArgumentParser
import Foundation
import VitalsCore
import VitalsPostgres
import VitalsServerStorage

/// `--db` and `--postgres`: where `vitals serve` and `vitals user` keep the server's data.
struct ServerDatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The server's SQLite file (users, tokens, snapshots, workouts, samples, quests).",
            discussion: "Default: $VITALS_SERVER_DB, else ~/.local/share/vitals/server.sqlite. Not the health store.",
            valueName: "path"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use PostgreSQL instead of SQLite: postgres://user:password@host:port/database[?sslmode=disable|prefer|require].",
            discussion: "Default: $VITALS_POSTGRES_URL when set (keeps the password out of the process list).",
            valueName: "url"))
    var postgres: String?

    func validate() throws {
        if db != nil, postgres != nil {
            throw ValidationError("--db and --postgres are exclusive: the server uses one database")
        }
    }

    /// The database after defaults and the environment.
    var resolved: ServerDatabase { ServerDatabase.resolve(sqlitePath: db, postgresURL: postgres) }

    /// A human description of the database that never shows a password.
    var label: String { resolved.label }

    /// An unmigrated repository; a PostgreSQL one works only while it runs as a service.
    ///
    /// `postgresWrites` bounds PostgreSQL's group commit: writes per transaction and transactions at once.
    func makeRepository(
        sqlite: SQLiteRepository.Configuration = .init(),
        postgresWrites: (batch: Int, runners: Int) = (64, 4)
    ) throws -> any HealthRepository {
        switch resolved {
        case .postgres(let url):
            return try PostgresRepository(
                url: url, writeBatch: postgresWrites.batch, writeRunners: postgresWrites.runners)
        case .sqlite(let path):
            return try SQLiteRepository(path: path, configuration: sqlite)
        }
    }

    /// Runs `body` with a migrated repository, then releases it.
    func withRepository<T: Sendable>(_ body: (any HealthRepository) async throws -> T) async throws -> T {
        let path: String
        switch resolved {
        case .postgres(let url):
            return try await PostgresRepository.withRepository(url: url) { repository in
                try await repository.migrate()
                return try await body(repository)
            }
        case .sqlite(let sqlitePath):
            path = sqlitePath
        }
        let repository = try SQLiteRepository(path: path)
        do {
            try await repository.migrate()
            let value = try await body(repository)
            try await repository.close()
            return value
        } catch {
            try? await repository.close()
            throw error
        }
    }
}
