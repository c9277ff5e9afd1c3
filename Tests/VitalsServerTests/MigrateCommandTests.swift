import Foundation
import Testing
import VitalsCore
import VitalsPostgres
import VitalsServerStorage
import VitalsTestSupport

/// `vitals migrate` end to end through the built `vitals` executable, against the test
/// PostgreSQL cluster: JSON summary, exit codes, the URL from the environment.
@Suite("vitals migrate (the executable)", .mayBlock)
struct MigrateCommandTests {
    /// The `vitals` executable SwiftPM builds next to the test bundle.
    static var executable: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("vitals")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return candidates[0].appendingPathComponent("vitals").path
    }

    /// Runs `vitals migrate ARGS` with `VITALS_POSTGRES_URL` set to `url` (unset when nil).
    static func migrate(_ arguments: [String], url: String?) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["VITALS_POSTGRES_URL"] = url
        let run = try ChildProcess.run(executable, ["migrate"] + arguments, environment: environment)
        return (
            run.termination.status, String(decoding: run.stdout, as: UTF8.self),
            String(decoding: run.stderr, as: UTF8.self)
        )
    }

    /// The JSON object printed on stdout.
    static func summary(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    @Test("--json summary, a re-run skips everyone, a later difference exits 1, bad input exits 2")
    func endToEnd() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            let tokens = try await MigrationFixture.fill(sqlite, full: false)
            let path = try #require(sqlite.repository as? SQLiteRepository).path
            let url = try await TestPostgres.shared.newDatabase()
            var samples = 0
            for token in tokens.values { samples += try await sqlite.export(token).samples.count }

            let first = try Self.migrate(["--from", path, "--json", "--progress"], url: url)
            #expect(first.status == 0, "\(first.stderr)")
            let report = try Self.summary(first.stdout)
            #expect(report["verified"] as? Bool == true && report["copiedUsers"] as? [String] == ["ada", "bob"])
            #expect((report["rows"] as? [String: Int])?["samples"] == samples)
            #expect((report["samplesPerSecond"] as? Double ?? 0) > 0 && report["seconds"] is Double)
            let users = try #require(report["users"] as? [[String: Any]])
            #expect(users.map { $0["status"] as? String } == ["copied", "copied"])
            #expect(users.allSatisfy { $0["verified"] as? Bool == true })
            // Not a terminal, so --progress prints one line per update on stderr; the last one is complete.
            let bar = try #require(first.stderr.split(separator: "\n").last { $0.hasPrefix("[") })
            let pattern = #/^\[#{30}\] 100%  (\d+)/(\d+) rows  \d+ rows/s  ETA 0:00  bob$/#
            let match = try #require(String(bar).firstMatch(of: pattern), "not a finished bar: \(bar)")
            let counted = users.flatMap { ($0["sourceCounts"] as? [String: Int] ?? [:]).values }.reduce(0, +)
            #expect(Int(match.1) == counted && Int(match.2) == counted, "\(bar) vs \(counted) rows")

            let again = try Self.migrate(["--from", path, "--to", url], url: nil)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("ada: already migrated") && again.stdout.contains("all verified"))

            let reply = try await sqlite.daily(try #require(tokens["ada"]), #"[{"date": "2025-11-14", "steps": 5}]"#)
            #expect(reply.status == .ok)
            let differs = try Self.migrate(["--from", path, "--json"], url: url)
            #expect(differs.status == 1)
            let failed = try Self.summary(differs.stdout)
            #expect(failed["verified"] as? Bool == false)
            let ada = try #require((failed["users"] as? [[String: Any]])?.first { $0["name"] as? String == "ada" })
            #expect(ada["verified"] as? Bool == false)

            let missing = try Self.migrate(["--from", path + ".missing"], url: url)
            #expect(missing.status == 2 && missing.stderr.contains("no such SQLite file"))
            #expect(!FileManager.default.fileExists(atPath: path + ".missing"))
            let noURL = try Self.migrate(["--from", path], url: nil)
            #expect(noURL.status == 2 && noURL.stderr.contains("VITALS_POSTGRES_URL"))
            let badURL = try Self.migrate(["--from", path, "--to", "mysql://x"], url: nil)
            #expect(badURL.status == 2)
            var noDatabase = try #require(URLComponents(string: url))
            noDatabase.path = "/vitals_missing_target"
            let missingTarget = try Self.migrate(["--from", path, "--to", try #require(noDatabase.string)], url: nil)
            #expect(
                missingTarget.status == 2 && missingTarget.stderr.contains("has no database \"vitals_missing_target\"")
                    && missingTarget.stderr.contains("--to"), "\(missingTarget.stderr)")

            let other = try await TestPostgres.shared.newDatabase()
            let target = try PostgresRepository(url: other)
            try await MigrationFixture.withServer(on: target) { _ in
                _ = try await target.addUser(name: "ada", timeZone: "UTC", tokenHash: "x", at: Date())
            }
            let conflict = try Self.migrate(["--from", path, "--to", other], url: nil)
            #expect(conflict.status == 2 && conflict.stderr.contains("a user named ada"))
        }
    }

    @Test("A second vitals migrate into a database while one runs exits 4 at once, saying why")
    func secondMigrationExits4() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let path = try #require(sqlite.repository as? SQLiteRepository).path
            let url = try await TestPostgres.shared.newDatabase()
            let first = try await MigrationTests.migrate(sqlite.repository, to: url) { name in
                guard name == "ada" else { return }
                let second = try Self.migrate(["--from", path, "--json"], url: url)
                #expect(second.status == 4, "\(second.stderr)")
                #expect(second.stderr.contains("another vitals migrate into this database is running"))
                #expect(second.stdout.isEmpty)
            }
            #expect(first.verified && first.copiedUsers == ["ada", "bob"])
        }
    }
}
