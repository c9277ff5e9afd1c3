import Foundation
import Testing
import VitalsTestSupport

@testable import VitalsServer

/// The server does what its OpenAPI document says, checked from outside by schemathesis.
///
/// schemathesis (PyPI) reads `/openapi.json` from a live server and sends it requests made from
/// the document: examples, boundary values (coverage), random valid and invalid ones (fuzzing)
/// and chains that follow the links between operations (stateful), with every check: no 5xx,
/// answers match their schemas and listed statuses, schema-valid requests are accepted and
/// schema-violating ones refused, 405 with `Allow` for other methods, 401 without the token.
/// The rules JSON Schema cannot state are taught to it by `Schemathesis/vitals_hooks.py`.
///
/// `scripts/setup.sh` installs it in `.build-tools/venv`; `VITALS_SCHEMATHESIS` names another one.
@Suite("Server: schemathesis against the live server's own document")
struct SchemathesisTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Schemathesis")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var executable: String {
        ProcessInfo.processInfo.environment["VITALS_SCHEMATHESIS"]
            ?? packageRoot.appendingPathComponent(".build-tools/venv/bin/schemathesis").path
    }

    @Test("All checks and all phases (examples, coverage, fuzzing, stateful): no failure, no error")
    func allChecks() async throws {
        let executable = Self.executable
        try #require(
            FileManager.default.isExecutableFile(atPath: executable),
            """
            schemathesis is not installed at \(executable): run `bash scripts/setup.sh` \
            (or set VITALS_SCHEMATHESIS)
            """)
        var configuration = ServerConfiguration.testing
        // schemathesis sends a few thousand requests in seconds with one token.
        configuration.rateLimitPerSecond = 0
        try await withServer(.sqlite, configuration: configuration, setup: .live) { harness in
            let port = try #require(harness.client.port)
            let (_, token) = try await harness.user("schemathesis", timeZone: "Pacific/Kiritimati")
            var environment = ProcessInfo.processInfo.environment
            environment["PYTHONPATH"] = Self.directory.path
            environment["SCHEMATHESIS_HOOKS"] = "vitals_hooks"
            let arguments = [
                "run", "http://127.0.0.1:\(port)/openapi.json", "--header", "Authorization: Bearer \(token)",
                "--checks", "all", "--phases", "examples,coverage,fuzzing,stateful", "--max-examples", "60",
                "--workers", "2", "--generation-database", "none", "--no-color", "--request-timeout", "60",
                // No timing check (ST112, 10 s by default): on a loaded CI machine a sync took 14 s. A
                // limit past the request timeout never fires; a hung request still fails by timing out.
                "--max-response-time", "120",
                // Loading the document once timed out after schemathesis's 10 s on a loaded CI machine.
                "--wait-for-schema", "120",
            ]
            let variables = environment
            let run = try await blocking {
                try ChildProcess.run(executable, arguments, environment: variables, mergeStandardError: true)
            }
            let output = String(decoding: run.stdout, as: UTF8.self)
            #expect(run.termination == .exit(0), "\(output.suffix(6000))")
            // It ran every phase and every operation.
            #expect(
                output.contains("✅ Examples") && output.contains("✅ Coverage") && output.contains("✅ Fuzzing")
                    && output.contains("✅ Stateful"), "\(output.suffix(3000))")
            // Every operation but GET /openapi.json, which schemathesis leaves out as the document itself.
            let operations = OpenAPIDocument.describedRoutes.count - 1
            #expect(
                output.contains("Selected: \(operations)/\(operations)") && output.contains("Tested: \(operations)"),
                "\(output.suffix(3000))")
        }
    }
}
