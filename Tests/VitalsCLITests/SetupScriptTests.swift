import Foundation
import Testing
import VitalsTestSupport

/// The README's two commands: what they run, and that CI runs exactly the test command.
@Suite("The README's two commands and scripts/setup.sh")
struct SetupScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The commands of the README's first code block, comments dropped.
    static func readmeCommands() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(
            readme.components(separatedBy: "```sh\n").dropFirst().first?
                .components(separatedBy: "```").first)
        return block.split(separator: "\n").map {
            String($0.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("The README starts with the demo and the test command; .ci/run runs exactly the latter")
    func readmeAndCI() throws {
        let commands = try Self.readmeCommands()
        #expect(commands == ["bash scripts/demo.sh", "bash scripts/test.sh"])
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let steps = ci.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("set ") && !$0.hasPrefix("cd ") }
        #expect(steps == ["exec " + commands[1]])
    }

    @Test("Without root, setup names the missing packages and the command, and exits 3")
    func missingPackages() async throws {
        // As root the script would install; the tests run it as `nobody`, who cannot, from a
        // folder `nobody` may read (the clone may be in root's home).
        let folder = try TestFolder.make("setup-script")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("setup.sh").path
        try FileManager.default.copyItem(
            atPath: Self.root.appendingPathComponent("scripts/setup.sh").path, toPath: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        var environment = ProcessInfo.processInfo.environment
        environment["VITALS_SETUP_REQUIRE"] = "vitals-no-such-package"
        let (executable, arguments) =
            getuid() == 0
            ? ("/usr/sbin/runuser", ["-u", "nobody", "--", "/bin/bash", script, "--build"])
            : ("/bin/bash", [script, "--build"])
        let run = try await ChildProcess.run(executable, arguments, environment: environment, input: Data())
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        #expect(run.termination.status == 3, "\(stderr)")
        #expect(stderr.contains("missing Debian packages: vitals-no-such-package"))
        #expect(stderr.contains("apt-get install -y vitals-no-such-package"))
    }

    @Test("An unknown option is a usage error (exit 2); --help explains every option")
    func usage() async throws {
        let script = Self.root.appendingPathComponent("scripts/setup.sh").path
        let environment = ProcessInfo.processInfo.environment
        let wrong = try await ChildProcess.run(
            "/bin/bash", [script, "--bogus"], environment: environment, input: Data())
        #expect(wrong.termination.status == 2)
        #expect(String(decoding: wrong.stderr, as: UTF8.self).contains("unknown option --bogus"))
        let help = try await ChildProcess.run("/bin/bash", [script, "--help"], environment: environment, input: Data())
        let text = String(decoding: help.stdout, as: UTF8.self)
        #expect(help.termination.status == 0)
        for option in ["--build", "--tests", "VITALS_SETUP_REQUIRE", "exits 3"] { #expect(text.contains(option)) }
    }
}
