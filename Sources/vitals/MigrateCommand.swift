import ArgumentParser
import Foundation
import VitalsCore
import VitalsPostgres
import VitalsServerStorage

/// `vitals migrate --from SQLITE --to POSTGRES_URL`: moves a server from SQLite to PostgreSQL.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a server's data from its SQLite file into PostgreSQL, then verify it.",
        discussion: """
            Copies every user of the SQLite file (--from) into the PostgreSQL database (--to): \
            the account, token (it keeps working, with its expiry), snapshots, workouts, samples \
            with their metadata, whole workouts with routes, activity summaries, quests with \
            their completions, the ingest log, and dashboard sessions. Both schemas are brought up to date first, as \
            `vitals serve` would. Stop the server while it runs.

            Each user is copied in one PostgreSQL transaction and marked done in the table \
            migration_progress: a user is in PostgreSQL entirely or not at all. Run it again \
            after an interruption (Ctrl-C, a lost connection) and it copies only the users not yet \
            done; users already done are left as they are. A user of the same name, or with the \
            same token or quest ids, already in PostgreSQL and not copied by a migration stops it \
            before anything is written. For a user with many samples (at least 50,000, and as many \
            as PostgreSQL holds already), the samples' indexes and foreign key are dropped and \
            rebuilt inside that transaction: faster, and undone with it on an interruption.

            Then every user is verified: rows per table on both sides, and a SHA-256 of the \
            user's export (GET /api/me/export) and token from each side, ingest log ids aside \
            (they are kept unless PostgreSQL already uses them, then renumbered in order) and \
            instants to the microsecond (PostgreSQL's precision). One line per user is printed.

            Exit codes: 0 migrated and verified; 1 verification failed (the lines say which user \
            and table); 2 bad input (no such SQLite file, not a server database, a bad or missing \
            URL, a conflicting user in PostgreSQL); 3 the copy failed (a database error; the users \
            done stay done, run again to resume); 4 another vitals migrate into the same database is \
            running (refused at once, nothing done: one migration per database at a time).
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The server's SQLite file (as given to `vitals serve --db`).",
            valueName: "path"))
    var from: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The PostgreSQL database: postgres://user:password@host:port/database[?sslmode=disable|prefer|require].",
            discussion: "Default: $VITALS_POSTGRES_URL when set (keeps the password out of the process list).",
            valueName: "url"))
    var to: String?

    @OptionGroup var progress: ImportProgressOptions

    @Flag(
        name: .long,
        help: """
            Print a JSON summary: users (name, copied or skipped, counts per table on both sides, checksums, verified), \
            rows copied per table, sampleIndexesRebuilt (users), seconds, samplesPerSecond, verified.
            """)
    var json = false

    /// The target URL, from --to or the environment.
    var url: String? {
        ServerDatabase.postgresURL(to)
    }

    func run() async throws {
        do {
            let report = try await migrate()
            if json { printJSON(report) } else { printText(report) }
            if !report.verified { throw ExitCode(1) }
        } catch var error as VitalsError {
            if error.location?.field == "--postgres" { error.location?.field = "--to" }
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            if error.underlying is ServerMigration.Locked { throw ExitCode(4) }
            let badInput: [VitalsError.Code] = [.invalidInput, .duplicate, .io]
            throw ExitCode(badInput.contains(error.code) ? 2 : 3)
        }
    }

    private func migrate() async throws -> MigrationReport {
        guard let url else {
            throw VitalsError(
                .invalidInput, "give the PostgreSQL database with --to or $VITALS_POSTGRES_URL",
                at: InputLocation(field: "--to"))
        }
        guard FileManager.default.fileExists(atPath: from) else {
            throw VitalsError(.io, "no such SQLite file", at: InputLocation(file: from))
        }
        // Read once, start to end: mapped, SQLite's pages are not copied into its cache.
        var sourceConfiguration = SQLiteRepository.Configuration()
        sourceConfiguration.memoryMapBytes = 1 << 31
        let source = try SQLiteRepository(path: from, configuration: sourceConfiguration)
        let bar = progress.bar()
        do {
            let report = try await PostgresRepository.withRepository(url: url) { target in
                var migration = ServerMigration(from: source, to: target)
                if let bar {
                    migration.progress = { bar.update(rows: $0.rowsDone, of: $0.rowsTotal, user: $0.user) }
                }
                return try await migration.run()
            }
            bar?.finish()
            try await source.close()
            return report
        } catch {
            bar?.finish()
            try? await source.close()
            throw error
        }
    }

    private func printText(_ report: MigrationReport) {
        for user in report.users {
            let status = report.copiedUsers.contains(user.name) ? "copied" : "already migrated"
            let rows = user.sourceCounts.values.reduce(0, +)
            var line = "\(user.name): \(status), \(rows) rows, "
            if user.targetChecksum.isEmpty {
                line += "MISSING in PostgreSQL"
            } else if user.verified {
                line += "verified (counts equal, sha256 \(user.sourceChecksum.prefix(16)))"
            } else {
                let tables = user.differingTables.map {
                    "\($0) \(user.sourceCounts[$0] ?? 0) vs \(user.targetCounts[$0] ?? 0)"
                }
                line +=
                    "VERIFICATION FAILED: "
                    + (tables.isEmpty ? "" : "counts differ (\(tables.joined(separator: ", "))), ")
                    + "sha256 \(user.sourceChecksum.prefix(16)) vs \(user.targetChecksum.prefix(16))"
            }
            print(line)
        }
        let samples = report.rows["samples"] ?? 0
        print(
            String(
                format: "%d users copied, %d already migrated, %d rows (%d samples) in %.1f s (%.0f samples/s), "
                    + "verified in %.1f s: %@", report.copiedUsers.count, report.skippedUsers.count,
                report.rows.values.reduce(0, +), samples, report.copySeconds, report.samplesPerSecond,
                report.verifySeconds, report.verified ? "all verified" : "VERIFICATION FAILED"))
    }

    private func printJSON(_ report: MigrationReport) {
        let users: [[String: Any]] = report.users.map { user in
            [
                "name": user.name, "status": report.copiedUsers.contains(user.name) ? "copied" : "skipped",
                "verified": user.verified, "sourceCounts": user.sourceCounts, "targetCounts": user.targetCounts,
                "sourceChecksum": user.sourceChecksum, "targetChecksum": user.targetChecksum,
            ]
        }
        Output.json([
            "users": users, "copiedUsers": report.copiedUsers, "skippedUsers": report.skippedUsers,
            "rows": report.rows, "sampleIndexesRebuilt": report.sampleIndexesRebuilt,
            "copySeconds": report.copySeconds, "verifySeconds": report.verifySeconds,
            "seconds": report.copySeconds + report.verifySeconds, "samplesPerSecond": report.samplesPerSecond,
            "verified": report.verified,
        ])
    }
}
