import Foundation
import Testing
import VitalsTestSupport

@Suite("Import progress bar", .mayBlock)
struct ProgressBarTests {
    /// Runs `vitals import` under `script`, so stderr is a pseudo-terminal, and returns what it showed.
    func importOnTerminal(_ cli: CLIRunner, file: String) throws -> String {
        let command = [CLIRunner.executable.path, "import", file, "--db", cli.database]
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // -q: no banner; -e: the command's exit code; -c: the command; the typescript is thrown away.
        let child = try ChildProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"],
            environment: ProcessInfo.processInfo.environment, stdout: .pipe, stderr: .null)
        let data = child.standardOutput?.readDataToEndOfFile() ?? Data()
        #expect(child.waitUntilExit() == .exit(0))
        return String(decoding: data, as: UTF8.self)
    }

    @Test("on a terminal the bar is redrawn in place with percent, MB, MB/s, ETA and samples")
    func terminal() throws {
        let cli = try CLIRunner()
        let file = try cli.write("big.xml", InterruptedImportTests.bigExport())
        let screen = try importOnTerminal(cli, file: file)
        // Each redraw starts with a carriage return and erases the rest of the line.
        let redraws = screen.components(separatedBy: "\r[").dropFirst()
        #expect(redraws.count >= 2, "expected several redraws, got: \(screen.prefix(400))")
        let pattern = #/^[#-]{30}\] +(\d+)%  [\d.]+/[\d.]+ MB  [\d.]+ MB/s  ETA \d+:\d\d  (\d+) samples\x1B\[K/#
        var percents: [Int] = []
        for redraw in redraws {
            let match = try #require(redraw.firstMatch(of: pattern), "not a full progress line: \(redraw.prefix(120))")
            percents.append(Int(match.1)!)
        }
        #expect(percents == percents.sorted(), "the percentage never goes back")
        #expect(percents.last == 100)
        #expect(!screen.contains("\n["), "on a terminal no progress line is printed as a new line")
        #expect(screen.contains("added 80000 samples"))
    }
}
