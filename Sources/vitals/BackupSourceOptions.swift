import ArgumentParser
import Foundation
import VitalsInsights
import VitalsServerStorage
import VitalsStore

/// `--db`, `--server` and `--postgres`: which database `vitals backup` copies or `vitals restore` replaces.
struct BackupSourceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A SQLite file: a health store or a server's database.",
            discussion:
                "Default (without --server or --postgres): $VITALS_DB, else ~/.local/share/vitals/vitals.sqlite, the store every other command uses.",
            valueName: "path"))
    var db: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "The database `vitals serve` uses by default: $VITALS_POSTGRES_URL when set, else $VITALS_SERVER_DB, else ~/.local/share/vitals/server.sqlite."
        ))
    var server = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PostgreSQL database (postgres://user:password@host:port/database), through pg_dump; the password is passed in the environment, never on a command line.",
            valueName: "url"))
    var postgres: String?

    func validate() throws {
        if [db != nil, server, postgres != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--db, --server and --postgres are exclusive: name one database")
        }
    }

    /// A database to back up or restore.
    enum Database {
        case sqlite(String)
        case postgres(String)
    }

    /// The database after defaults.
    var database: Database {
        let environment = ProcessInfo.processInfo.environment
        if let postgres { return .postgres(postgres) }
        if let db { return .sqlite(db) }
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        if server {
            switch ServerDatabase.resolve(sqlitePath: nil, postgresURL: nil, environment: environment, home: home) {
            case .postgres(let url): return .postgres(url)
            case .sqlite(let path): return .sqlite(path)
            }
        }
        if let path = environment["VITALS_DB"], !path.isEmpty { return .sqlite(path) }
        return .sqlite(home + "/.local/share/vitals/vitals.sqlite")
    }

    /// The kinds of Vitals SQLite file this binary knows: a health store (with the insights
    /// module's tables) and a server's database.
    static var catalog: SchemaCatalog {
        SchemaCatalog([
            .init(
                name: "store",
                migrations: SQLiteHealthStore.schemaMigrations + SQLiteReminderStore.schemaMigrations
                    + SQLiteAppRecordStore.schemaMigrations + SQLiteMirrorOutbox.schemaMigrations),
            .init(name: "server", migrations: SQLiteRepository.schemaMigrations),
        ])
    }
}
