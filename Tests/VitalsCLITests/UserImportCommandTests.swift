import Foundation
import Testing
import VitalsTestSupport

@Suite("vitals user import")
struct UserImportCommandTests {
    static let fixtures = Fixtures.root

    @Test("imports an export.zip into a user once, reports it as text and JSON, exits as documented")
    func importsIntoAUser() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        #expect(try await cli.run(["user", "add", "ada", "--tz", "Europe/Amsterdam", "--db", database]).status == 0)
        let zip = Self.fixtures.appendingPathComponent("apple-health-parser/export.zip").path

        let text = try await cli.run(["user", "import", "ada", zip, "--db", database])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("imported \(zip) into ada"))
        #expect(
            text.stdout.contains(
                "samples: 8 added, 0 revised (a new value), 0 already present, 0 under another id, 8 read"))
        #expect(text.stdout.contains("days recomputed:") && text.stdout.contains("2023-12-31"))
        #expect(text.stderr.isEmpty, "no progress bar when stderr is not a terminal")

        let again = try await cli.run(["user", "import", "ada", zip, "--json", "--progress", "--db", database])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(report["samplesAdded"] as? Int == 0 && report["samplesAlreadyPresent"] as? Int == 8)
        #expect(report["file"] as? String == zip)
        #expect(again.stderr.contains("samples"), "--progress draws the bar on a pipe too")

        let log = try await cli.run(["user", "ingests", "ada", "--db", database])
        #expect(log.stdout.contains("apple-health-export"))

        let unknown = try await cli.run(["user", "import", "carol", zip, "--db", database])
        #expect(unknown.status == 76 && unknown.stderr.contains("no user has this name"))
        let missing = try await cli.run([
            "user", "import", "ada", cli.directory.appendingPathComponent("none.zip").path,
            "--db", database,
        ])
        #expect(missing.status == 66)
        let broken = try cli.write("broken.xml", "<?xml version=\"1.0\"?>\n<HealthData>\n <Record></Workout>\n")
        let bad = try await cli.run(["user", "import", "ada", broken, "--db", database])
        #expect(bad.status == 65 && bad.stderr.contains("byte"), "\(bad.stderr)")
    }
}
