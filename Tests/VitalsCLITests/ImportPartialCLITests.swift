import Foundation
import Testing
import VitalsTestSupport

/// `vitals import FILE.json` with unreadable items (issue 15, item 2): the rest is stored, the
/// items are named, and the exit code says something was left out; `--strict` stores nothing.
@Suite("CLI: Health Auto Export partial import")
struct ImportPartialCLITests {
    static let partial = Fixtures.path("hae/partial.json")

    @Test("import stores what it can read, lists the unreadable items and exits 65")
    func partialImportExitsNonZero() async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["import", Self.partial, "--json"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.contains(#""added":4"#))
        #expect(result.stdout.contains(#""path":"data.metrics[0].data[1].qty""#))
        #expect(result.stderr.contains("8 item(s) could not be read"))
        #expect(!result.stdout.contains("lots") && !result.stderr.contains("lots"))
        let again = try await cli.run(["import", Self.partial, "--json"])
        #expect(again.status == 65 && again.stdout.contains(#""alreadyPresent":4"#))
    }

    @Test("import --strict fails on the first unreadable item and stores nothing")
    func strictImportStoresNothing() async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["import", Self.partial, "--strict"])
        #expect(result.status == 65 && result.stderr.contains("data.metrics[0].data[1].qty"))
        let samples = try await cli.run(["samples", "--type", "stepCount", "--json"])
        #expect(samples.status == 0 && samples.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}
