import Foundation
import Testing
import VitalsTestSupport

/// `vitals --help` and every subcommand's help, pinned as text files: a changed flag is a visible diff.
///
/// The snapshots are in `__Snapshots__/help/`, one file per command path (`vitals-log-workout.txt`).
/// After a deliberate change, record them again with `VITALS_RECORD_SNAPSHOTS=1 swift test
/// --filter HelpSnapshotTests` and review the diff.
@Suite("Help snapshots")
struct HelpSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/help")
    static var recording: Bool { ProcessInfo.processInfo.environment["VITALS_RECORD_SNAPSHOTS"] == "1" }

    /// The help of `vitals PATH`, 100 columns wide, the same on every machine.
    static func help(_ path: [String]) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "100"
        environment["HOME"] = "/home/user"
        environment.removeValue(forKey: "VITALS_DB")
        let run = try await ChildProcess.run(
            CLIRunner.executable.path, ["help"] + path, environment: environment,
            mergeStandardError: true)
        #expect(run.termination == .exit(0), "vitals help \(path.joined(separator: " ")) failed")
        return String(decoding: run.stdout, as: UTF8.self)
    }

    /// The subcommand names a help text lists under SUBCOMMANDS.
    static func subcommands(in help: String) -> [String] {
        guard let section = help.range(of: "\nSUBCOMMANDS:\n") else { return [] }
        var names: [String] = []
        for line in help[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || !line.hasPrefix("  ") { break }
            // A name starts two spaces in; wrapped abstracts are indented further.
            let trimmed = line.dropFirst(2)
            guard let first = trimmed.first, first != " " else { continue }
            let name = String(trimmed.prefix { $0 != " " })
            if name != "help" { names.append(name) }
        }
        return names
    }

    /// Every command path, depth first: `[]`, `["import"]`, `["log"]`, `["log", "workout"]`...
    static func commandPaths() async throws -> [[String]] {
        var paths: [[String]] = []
        var pending: [[String]] = [[]]
        while let path = pending.popLast() {
            paths.append(path)
            pending += subcommands(in: try await help(path)).reversed().map { path + [$0] }
        }
        return paths
    }

    static func fileName(_ path: [String]) -> String { (["vitals"] + path).joined(separator: "-") + ".txt" }

    @Test("every command's help matches its snapshot, and every snapshot has a command")
    func snapshots() async throws {
        let paths = try await Self.commandPaths()
        #expect(paths.count > 25, "the walk found too few commands: \(paths)")
        var mismatches: [String] = []
        for path in paths {
            let text = try await Self.help(path)
            let file = Self.folder.appendingPathComponent(Self.fileName(path))
            if Self.recording {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
                continue
            }
            guard let pinned = FileManager.default.contents(atPath: file.path) else {
                mismatches.append("\(file.lastPathComponent): no snapshot (record with VITALS_RECORD_SNAPSHOTS=1)")
                continue
            }
            if String(decoding: pinned, as: UTF8.self) != text {
                mismatches.append("\(file.lastPathComponent) differs; now:\n\(text)")
            }
        }
        let expected = Set(paths.map(Self.fileName))
        let stale = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            !expected.contains($0)
        }
        if Self.recording {
            for name in stale { try FileManager.default.removeItem(at: Self.folder.appendingPathComponent(name)) }
        } else {
            mismatches += stale.map { "\($0): snapshot of a command that no longer exists" }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n\n"))")
    }

    @Test("the walk reads nested subcommands from a help text")
    func parsesSubcommands() {
        let help = """
            USAGE: vitals log <subcommand>

            SUBCOMMANDS:
              mindfulness             Log a meditation.
              workout                 Log a workout with an active-energy sample from MET x body mass x
                                      hours.
              help                    Show subcommand help information.

              See 'vitals help log <subcommand>' for detailed help.
            """
        #expect(Self.subcommands(in: help) == ["mindfulness", "workout"])
    }
}
