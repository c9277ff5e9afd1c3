import ArgumentParser
import Foundation
import VitalsCore
import VitalsPostgres
import VitalsStore

/// `vitals backup OUT`: a consistent, verified copy of a store or a server's database, even while it is in use.
extension SQLiteFileCheck.Depth: ExpressibleByArgument {}

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a store or a server's database consistently, while it is in use, and verify the copy.",
        discussion: """
            A SQLite database is copied with SQLite's online backup from one read snapshot: a running \
            `vitals serve` or `vitals dashboard` goes on writing and is not blocked, and the copy holds \
            exactly what was committed when the backup began. The copy is written under a hidden \
            temporary name beside OUT, flushed to disk, verified (PRAGMA quick_check and every index's entries counted against its table, or with \
            --check full PRAGMA integrity_check; each table's rows against the snapshot's; the schema \
            version) and only then renamed to OUT. \
            PostgreSQL (--postgres, or --server when $VITALS_POSTGRES_URL is set) is dumped with \
            pg_dump's custom format from one snapshot, and listed back with pg_restore --list.

            OUT is a new file, or a folder (an existing one, one ending in /, or any with --keep): \
            there the backup is named NAME-YYYYMMDDTHHMMSS.mmmZ.sqlite (.dump for PostgreSQL), NAME being \
            the database file's name without its extension (the database's name for PostgreSQL), \
            and --keep N then removes all but the newest N backups of that name. `vitals restore` \
            puts a backup back. Exit codes: 0 written and verified, 64 bad arguments, 65 the copy \
            failed verification (nothing kept), 66 no database at the path, 69 pg_dump missing, \
            73 OUT exists, 74 database or disk failure.
            """)

    @OptionGroup var source: BackupSourceOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the newest N backups of this database in the folder OUT and remove the older ones (only files named NAME-YYYYMMDDTHHMMSS.mmmZ.sqlite or .dump).",
            valueName: "n"))
    var keep: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How the copy is checked: quick (PRAGMA quick_check: every page and B-tree, and each index's entries counted against its table) or full (PRAGMA integrity_check: also every index entry against its row; about ten times as long, ~10 s of CPU per GB here).",
            valueName: "full|quick"))
    var check: SQLiteFileCheck.Depth = .quick

    @Option(
        name: .long,
        help: ArgumentHelp(
            "MiB of a SQLite database copied per step, each flushed to disk before the next: a server's commits on the same disk wait at most for one step. Smaller holds them up less, larger copies faster.",
            valueName: "mib"))
    var stepMib = 4

    @OptionGroup var progressOptions: ImportProgressOptions

    @Flag(
        name: .long,
        help:
            "Print what was written as JSON: path, bytes, seconds (copySeconds and checkSeconds of them), tables and their rows, schema, integrity, check, removed."
    )
    var json = false

    @Argument(help: ArgumentHelp("The backup file to write, or a folder to write it in.", valueName: "out"))
    var out: String

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be at least 1") }
        guard (1...1024).contains(stepMib) else { throw ValidationError("--step-mib must be 1 to 1024") }
    }

    func run() async throws {
        try await runReportingErrors {
            let database = source.database
            let (stem, fileExtension) = Self.naming(database)
            let intoFolder = keep != nil || out.hasSuffix("/") || isFolder(out)
            if intoFolder {
                do {
                    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                } catch {
                    throw VitalsError(.io, "cannot make the folder", at: InputLocation(file: out))
                }
            }
            let folder = BackupFolder(path: out)
            let destination = intoFolder ? folder.backupPath(stem: stem, extension: fileExtension, at: Date()) : out
            var result: [String: Any]
            switch database {
            case .sqlite(let path):
                let bar = progressOptions.bar()
                var configuration = SQLiteBackup.Configuration()
                configuration.check = check
                configuration.bytesPerStep = stepMib << 20
                let report = try SQLiteBackup(
                    source: path, catalog: BackupSourceOptions.catalog, configuration: configuration
                )
                .write(to: destination, progress: bar?.backupProgress)
                bar?.finish()
                result = Self.fields(report)
            case .postgres(let url):
                let report = try PostgresBackup(url: url).write(to: destination)
                result = [
                    "path": report.path, "bytes": report.bytes, "seconds": report.seconds,
                    "tables": report.tables, "format": "pg_dump custom",
                ]
            }
            let removed = try keep.map { try folder.prune(stem: stem, extension: fileExtension, keep: $0) } ?? []
            result["removed"] = removed
            if json {
                Output.json(result)
            } else {
                print(Self.text(result))
            }
        }
    }

    /// The name and extension of backups of `database` in a folder.
    static func naming(_ database: BackupSourceOptions.Database) -> (stem: String, fileExtension: String) {
        switch database {
        case .sqlite(let path): (URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, "sqlite")
        case .postgres(let url): (PostgresBackup(url: url).databaseName, "dump")
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// A SQLite backup's report as JSON fields.
    static func fields(_ report: SQLiteBackupReport) -> [String: Any] {
        var fields: [String: Any] = [
            "path": report.path, "bytes": report.bytes, "seconds": milliseconds(report.seconds),
            "copySeconds": milliseconds(report.copySeconds), "checkSeconds": milliseconds(report.checkSeconds),
            "tables": fields(report.tables),
        ]
        if let schema = report.schema {
            fields["schema"] = Self.fields(schema)
        }
        if let integrity = report.integrity { fields["integrity"] = integrity }
        if let check = report.check { fields["check"] = check }
        return fields
    }

    /// Seconds rounded to the millisecond.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Rows per table, as a JSON object.
    static func fields(_ tables: [BackupVerification.Table]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0.rows) })
    }

    /// A schema version as a JSON object.
    static func fields(_ schema: SchemaVersion) -> [String: Any] {
        ["kind": schema.kind, "migrations": schema.migrations, "latest": schema.latest]
    }

    /// The report for people.
    static func text(_ fields: [String: Any]) -> String {
        let bytes = Double(fields["bytes"] as? Int64 ?? 0)
        let seconds = fields["seconds"] as? Double ?? 0
        var lines = [
            String(format: "backed up to %@ (%.1f MB in %.1f s)", fields["path"] as? String ?? "", bytes / 1e6, seconds)
        ]
        if let schema = fields["schema"] as? [String: Any] {
            lines.append(
                "  \(schema["kind"] ?? "") schema \(schema["latest"] ?? ""), \(fields["check"] ?? "") \(fields["integrity"] ?? "")"
            )
        }
        if let tables = fields["tables"] as? [String: Int] {
            let rows = tables.values.reduce(0, +)
            lines.append("  \(tables.count) tables, \(rows) rows")
        } else if let tables = fields["tables"] as? [String] {
            lines.append("  \(tables.count) tables (pg_dump custom format)")
        }
        for path in fields["removed"] as? [String] ?? [] { lines.append("  removed older backup \(path)") }
        return lines.joined(separator: "\n")
    }
}
