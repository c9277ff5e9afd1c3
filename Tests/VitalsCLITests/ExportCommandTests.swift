import Foundation
import Testing
import VitalsTestSupport

/// `vitals export`: the three formats from the command line, as a user runs them.
@Suite("CLI: vitals export")
struct ExportCommandTests {
    static let fixture = Fixtures.path("apple-health-parser/export.zip")

    @Test("fhir writes one file per resource type and prints the summary; jsonl reads back with add --jsonl")
    func formats() async throws {
        let cli = try CLIRunner()
        #expect(try await cli.run(["import", Self.fixture, "--no-progress"]).status == 0)
        let out = cli.directory.appendingPathComponent("fhir").path
        let fhir = try await cli.run(["export", "--format", "fhir", "--tz", "Europe/Berlin", "--json", out])
        #expect(fhir.status == 0, "\(fhir.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(fhir.stdout.utf8)) as? [String: Any])
        let files = try #require(summary["files"] as? [String: Int])
        #expect(files["Patient.ndjson"] == 1 && files["Observation.ndjson"] == 8)
        // Exercise and stand time have no LOINC code: listed, with the HealthKit coding alone.
        #expect(
            (summary["withoutStandardCode"] as? [String])?.contains("HKQuantityTypeIdentifierAppleStandTime") == true)
        let patient = try String(contentsOfFile: out + "/Patient.ndjson", encoding: .utf8)
        #expect(patient.hasPrefix("{\"birthDate\":"))

        let backup = cli.directory.appendingPathComponent("backup").path
        #expect(try await cli.run(["export", "--format", "jsonl", backup]).status == 0)
        let copy = try CLIRunner()  // a second, empty store
        let added = try await copy.run(["add", "--jsonl", backup + "/samples.jsonl", "--json"])
        #expect(added.status == 0 && added.stdout.contains(#""added":8"#), "\(added.stderr)")

        let bad = try await cli.run(["export", "--format", "xml", out])
        #expect(bad.status == 64)
    }
}
