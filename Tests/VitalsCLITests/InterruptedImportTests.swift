import Foundation
import Testing
import VitalsTestSupport

@Suite("Interrupted imports", .mayBlock)
struct InterruptedImportTests {
    /// An export large enough that a debug build needs seconds to import it.
    static func bigExport() -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_US\">",
            " <ExportDate value=\"2024-03-01 09:00:00 +0100\"/>",
        ]
        var t = 1_700_000_000
        for index in 0..<80_000 {
            let start = Self.stamp(t), end = Self.stamp(t + 60)
            lines.append(
                #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" sourceVersion="17.2" unit="count" creationDate="\#(end)" startDate="\#(start)" endDate="\#(end)" value="\#(index % 97)"><MetadataEntry key="HKTimeZone" value="Europe/Berlin"/></Record>"#
            )
            t += 60
        }
        lines.append("</HealthData>")
        return lines.joined(separator: "\n")
    }

    static func stamp(_ seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    func typesJSON(_ cli: CLIRunner) async throws -> String { try await cli.run(["types", "--json"]).stdout }

    /// Starts an import of the big export and sends `signal` once it has written to the WAL.
    func interrupt(
        with signal: Int32
    ) async throws -> (CLIRunner, before: String, termination: ChildProcess.Termination) {
        let cli = try CLIRunner()
        let small = try cli.write(
            "small.xml",
            "<HealthData><ExportDate value=\"2024-03-01 09:00:00 +0100\"/>"
                + #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-02-01 08:00:00 +0100" endDate="2024-02-01 08:00:00 +0100" value="70"/></HealthData>"#
        )
        #expect(try await cli.run(["import", small]).status == 0)
        let before = try await typesJSON(cli)
        let big = try cli.write("big.xml", Self.bigExport())
        let process = try ChildProcess(
            CLIRunner.executable.path, ["import", big, "--db", cli.database, "--progress"],
            environment: ProcessInfo.processInfo.environment, stdout: .null, stderr: .pipe)
        // Wait until the import reports progress past its first megabytes: it is mid-transaction.
        var seen = Data()
        while process.isRunning, seen.filter({ $0 == 0x0A }).count < 3 {
            guard let chunk = process.standardError?.availableData, !chunk.isEmpty else { break }
            seen.append(chunk)
        }
        #expect(process.isRunning, "the import finished before it could be interrupted; make the export larger")
        process.send(signal)
        return (cli, before, process.waitUntilExit())
    }

    @Test("kill -9 in the middle of an import leaves the store exactly as it was")
    func killed() async throws {
        let (cli, before, termination) = try await interrupt(with: SIGKILL)
        #expect(termination == .signal(SIGKILL))
        #expect(try await typesJSON(cli) == before)
        let again = try await cli.run(["import", try cli.write("again.xml", "<HealthData></HealthData>")])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("Ctrl-C stops the import with exit code 130 and stores nothing")
    func interrupted() async throws {
        let (cli, before, termination) = try await interrupt(with: SIGINT)
        #expect(termination == .exit(130))
        #expect(try await typesJSON(cli) == before)
    }
}
