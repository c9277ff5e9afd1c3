import Foundation
import VitalsTestSupport

/// Runs the built `vitals` executable as a user would, in a temporary folder.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let directory: URL
    var database: String { directory.appendingPathComponent("store.sqlite").path }

    init() throws {
        directory = TestFolder.url("vitals-cli")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The folder holding the test bundle, where SwiftPM also puts the `vitals` executable.
    static var executable: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("vitals")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("vitals")
    }

    /// Runs `vitals ARGS` with `VITALS_DB` pointing at this runner's store and `environment` on top.
    /// The child is waited for on a thread of its own (``ChildProcess``'s async `run`), never on
    /// the threads the other tests' tasks run on.
    func run(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]
    ) async throws
        -> Result
    {
        var environment = ProcessInfo.processInfo.environment
        environment["VITALS_DB"] = database
        environment.merge(extra) { $1 }
        // What the command keeps in the temporary directory (the demo's store) stays in this folder.
        environment["TMPDIR"] = directory.path
        let run = try await ChildProcess.run(
            Self.executable.path, arguments, environment: environment,
            input: Data((stdin ?? "").utf8))
        return Result(
            status: run.termination.status, stdout: String(decoding: run.stdout, as: UTF8.self),
            stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// Writes a file in the runner's folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
