import ArgumentParser
import Foundation
import VitalsCore
import VitalsServerStorage
import VitalsStore

/// `vitals restore BACKUP --db PATH`: puts a verified backup in place of a database, atomically.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup made by `vitals backup` in place of a store or a server's database.",
        discussion: """
            Refused while any process has the database open (a running `vitals serve`, `vitals \
            dashboard` or `vitals mcp`: stop it first, e.g. systemctl stop vitals). The backup is \
            copied beside the database under a hidden temporary name and verified there (the file \
            as long as its header says, PRAGMA integrity_check (or --check quick), the schema known to this binary, \
            a store's backup never over a server's database or the reverse); a backup that fails \
            leaves the database as it was. Then the database is kept as \
            PATH.before-restore-YYYYMMDDTHHMMSS.mmmZ, the copy is renamed over it in one step, and \
            once the new file opens the kept one is removed (--keep-previous keeps it). \
            A PostgreSQL dump is restored with pg_restore (see the README's Backups section).

            Exit codes: 0 restored, 64 bad arguments, 65 the backup is damaged or truncated, \
            66 no backup at that path, 69 the database is in use, 74 database or disk failure, \
            78 the backup was made by a newer vitals (upgrade first).
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite file to replace (or create): a health store or a server's database.", valueName: "path"))
    var db: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Replace the database `vitals serve` uses by default: $VITALS_SERVER_DB, else ~/.local/share/vitals/server.sqlite."
        ))
    var server = false

    @Flag(
        name: .long,
        help: "Keep the replaced file as PATH.before-restore-YYYYMMDDTHHMMSS.mmmZ after the new one opened.")
    var keepPrevious = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How the backup is checked before it replaces anything: full (PRAGMA integrity_check) or quick (PRAGMA quick_check and each index's entries counted).",
            valueName: "full|quick"))
    var check: SQLiteFileCheck.Depth = .full

    @OptionGroup var progressOptions: ImportProgressOptions

    @Flag(
        name: .long,
        help: "Print what was restored as JSON: path, bytes, seconds, tables and their rows, schema, previous.")
    var json = false

    @Argument(help: ArgumentHelp("The backup file (a .sqlite that `vitals backup` wrote).", valueName: "backup"))
    var backup: String

    func validate() throws {
        guard (db != nil) != server else {
            throw ValidationError("name the database to replace: --db PATH or --server (one of them)")
        }
    }

    /// The database to replace.
    var target: String {
        ServerDatabase.sqlitePath(db)
    }

    func run() async throws {
        try await runReportingErrors {
            var restore = SQLiteRestore(backup: backup, target: target, catalog: BackupSourceOptions.catalog)
            restore.keepsPrevious = keepPrevious
            restore.check = check
            let bar = progressOptions.bar()
            let report = try restore.run(progress: bar?.backupProgress)
            bar?.finish()
            var fields: [String: Any] = [
                "path": report.target, "bytes": report.bytes, "seconds": BackupCommand.milliseconds(report.seconds),
                "tables": BackupCommand.fields(report.tables), "schema": BackupCommand.fields(report.schema),
            ]
            if let previous = report.previous { fields["previous"] = previous }
            if json {
                Output.json(fields)
            } else {
                var lines = [
                    String(
                        format: "restored %@ to %@ (%.1f MB in %.1f s)", backup, report.target,
                        Double(report.bytes) / 1e6, report.seconds),
                    "  \(report.schema.kind) schema \(report.schema.latest), \(report.tables.count) tables, \(report.tables.map(\.rows).reduce(0, +)) rows",
                ]
                if let previous = report.previous { lines.append("  the replaced file is kept as \(previous)") }
                print(lines.joined(separator: "\n"))
            }
        }
    }
}
