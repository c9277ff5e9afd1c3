import Foundation
import Testing
import VitalsCore
import VitalsPostgres
import VitalsStore
import VitalsTestSupport

/// `vitals backup --postgres` through the built executable, and the README's `pg_restore` command
/// putting the dump into a new database that a server then answers from.
@Suite("vitals backup --postgres", .mayBlock)
struct PostgresBackupTests {
    /// Runs `vitals ARGS`.
    static func vitals(
        _ arguments: [String], environment extra: [String: String] = [:]
    ) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        let run = try ChildProcess.run(MigrateCommandTests.executable, arguments, environment: environment)
        return (
            run.termination.status, String(decoding: run.stdout, as: UTF8.self),
            String(decoding: run.stderr, as: UTF8.self)
        )
    }

    @Test(
        "A dump of a server's database, restored with the README's pg_restore command into a new database, exports the same users"
    )
    func dumpAndRestore() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let folder = TestFolder.url("vitals-pg-backup")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let repository = try PostgresRepository(url: url, maximumConnections: 4)
        let original = Locked<[String: String]>([:])
        let tokens = Locked<MigrationFixture.Tokens>([:])
        try await MigrationFixture.withServer(on: repository) { harness in
            let made = try await MigrationFixture.fill(harness, full: false)
            tokens.withLock { $0 = made }
            for (name, token) in made {
                let text = try MigrationFixture.text(try await harness.export(token))
                original.withLock { $0[name] = text }
            }
        }
        try await repository.close()

        let dump = try Self.vitals(["backup", folder.path, "--postgres", url, "--keep", "1", "--json"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let path = try #require(report["path"] as? String)
        #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix(URL(string: url)!.lastPathComponent + "-"))
        #expect(path.hasSuffix(".dump") && (report["bytes"] as? Int ?? 0) > 0)
        let tables = try #require(report["tables"] as? [String])
        #expect(tables.contains("samples_p0") && tables.contains("users") && tables.contains("ingest_log"), "\(tables)")
        #expect(!dump.stderr.contains("password") && !dump.stdout.contains("password"))

        // The README's restore: into a new, empty database, as the database's owner.
        let copy = try await TestPostgres.shared.newDatabase()
        let restore = try await ChildProcess.run(
            try PostgresBackup.tool("pg_restore"),
            ["--no-owner", "--exit-on-error", "--single-transaction", "--dbname", copy, path],
            environment: ProcessInfo.processInfo.environment)
        #expect(restore.termination.status == 0, "\(String(decoding: restore.stderr, as: UTF8.self))")

        let restored = try PostgresRepository(url: copy, maximumConnections: 4)
        let made = tokens.withLock { $0 }
        try await MigrationFixture.withServer(on: restored) { harness in
            for (name, token) in made {
                let text = try MigrationFixture.text(try await harness.export(token))
                #expect(text == original.withLock { $0[name] }, "\(name)'s export differs after the restore")
            }
        }
        try await restored.close()
    }

    @Test("Without PostgreSQL's client tools, the backup says what to install")
    func toolsMissing() throws {
        let missing = #expect(throws: VitalsError.self) {
            try PostgresBackup.tool("pg_dump", searchPath: "/nonexistent", clusterRoot: "/nonexistent")
        }
        #expect(missing?.code == .unavailable && missing?.message.contains("apt-get install postgresql-client") == true)
        #expect(try PostgresBackup.tool("pg_dump").hasSuffix("/pg_dump"))
    }
}
