import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsStore
import VitalsSync
import VitalsTestSupport
import VitalsTesting

/// `vitals sync` as a user runs it: the built executable against a real server.
@Suite("vitals sync", .timeLimit(.minutes(5)))
struct SyncCommandTests {
    @Test("--help explains every flag, the token variable, manual mode and the exit codes")
    func help() async throws {
        let group = try await runVitals(["sync", "--help"])
        #expect(group.status == 0)
        for text in ["push (default)", "manual", "MANUAL"] {
            #expect(group.stdout.contains(text), "sync --help mentions \(text)")
        }
        let push = try await runVitals(["sync", "push", "--help"])
        #expect(push.status == 0)
        for text in [
            "--server", "--token", "VITALS_TOKEN", "--contract", "daily", "journey", "--days", "--watch", "--json",
            "--state", "--reset", "--db", "--tz", "Retry-After", "69", "manual mode", "missingPermissions",
        ] {
            #expect(push.stdout.contains(text), "sync push --help mentions \(text)")
        }
        let manual = try await runVitals(["sync", "manual", "--help"])
        #expect(manual.status == 0)
        for text in [
            "--server", "--token", "--date", "--steps", "--exercise-minutes", "--sleep-minutes", "--active-calories",
            "--protein-logged", "--workout", "--json", "SELF_REPORTED", "64", "77",
        ] {
            #expect(manual.stdout.contains(text), "sync manual --help mentions \(text)")
        }
    }

    @Test(
        "Seed 001 from the command line: missing permissions named in text and JSON; all denied is manual mode, exit 0")
    func missingPermissionsFromTheCommandLine() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Date())
        try await workspace.store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        try await withLiveServer(clock: clock) { server in
            let (_, token) = try await server.user("ada")
            let arguments = [
                "sync", "--db", workspace.store.path, "--tz", Fixture.zone.identifier, "--server", server.url,
                "--days", "2",
            ]
            let text = try await runVitals(arguments, environment: ["VITALS_TOKEN": token])
            #expect(text.status == 0, "stderr: \(text.stderr)")
            #expect(text.stdout.contains("missing permissions (left out): stepCount"))
            let json = try await runVitals(arguments + ["--json"], environment: ["VITALS_TOKEN": token])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["mode"] as? String == "automatic")
            #expect(object["missingPermissions"] as? [String] == ["stepCount"])

            for type in SyncDataReader.types {
                try await workspace.store.setAuthorization(.sharingDenied, for: type, access: .read)
            }
            let manual = try await runVitals(arguments + ["--json"], environment: ["VITALS_TOKEN": token])
            #expect(manual.status == 0, "stderr: \(manual.stderr)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(manual.stdout.utf8)) as? [String: Any])
            #expect(report["mode"] as? String == "manual")
            #expect(report["daysSent"] as? Int == 0)
            #expect((report["missingPermissions"] as? [String])?.count == SyncDataReader.types.count)
            let sentence = try await runVitals(arguments, environment: ["VITALS_TOKEN": token])
            #expect(sentence.stdout.contains("manual mode") && sentence.stdout.contains("vitals sync manual"))
        }
    }

    @Test("vitals sync manual sends a MANUAL, SELF_REPORTED day; bad values and missing values are usage errors (64)")
    func manualDayFromTheCommandLine() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Date())
        try await withLiveServer(clock: clock) { server in
            let (user, token) = try await server.user("ada")
            let base = [
                "sync", "manual", "--db", workspace.store.path, "--tz", Fixture.zone.identifier, "--server", server.url,
            ]
            let day = "2025-11-10"
            let date = try LocalDate(parsing: day)
            let sent = try await runVitals(
                base + [
                    "--date", day, "--steps", "8000", "--sleep-minutes", "400", "--protein-logged",
                    "--workout", "type=running,minutes=30,start=07:15,kcal=300", "--json",
                ],
                environment: ["VITALS_TOKEN": token])
            #expect(sent.status == 0, "stderr: \(sent.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])
            #expect(object["date"] as? String == day)
            #expect(object["source"] as? String == "MANUAL")
            #expect(object["verificationLevel"] as? String == "SELF_REPORTED")
            #expect(object["workoutsSent"] as? Int == 1)
            let snapshot = try #require(try await server.repository.snapshots(of: user, on: date).first)
            #expect(snapshot.source == .manual && snapshot.steps == 8000 && snapshot.sleepMinutes == 400)
            #expect(snapshot.proteinLogged == true)
            let workout = try #require(try await server.repository.export(user).workouts.first)
            #expect(workout.type == "running" && workout.startTime == Fixture.at(date, 7, 15))

            let text = try await runVitals(
                base + ["--date", day, "--exercise-minutes", "20"], environment: ["VITALS_TOKEN": token])
            #expect(text.status == 0 && text.stdout.contains("as MANUAL (SELF_REPORTED)"))

            let tooMany = try await runVitals(base + ["--steps", "5000000"], environment: ["VITALS_TOKEN": token])
            #expect(tooMany.status == 64)
            #expect(tooMany.stderr.contains("--steps") && !tooMany.stderr.contains("5000000"))
            let nothing = try await runVitals(base, environment: ["VITALS_TOKEN": token])
            #expect(nothing.status == 64)
            let badWorkout = try await runVitals(
                base + ["--workout", "type=yoga"], environment: ["VITALS_TOKEN": token])
            #expect(badWorkout.status == 64 && badWorkout.stderr.contains("--workout"))
        }
    }

    @Test("syncs, prints a JSON summary, resumes from the cursor file, and exits 77 on a refused token")
    func syncFromTheCommandLine() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let clock = TestClock(Date())
        try await withLiveServer(clock: clock) { server in
            let (_, token) = try await server.user("ada")
            let arguments = [
                "sync", "--db", workspace.store.path, "--tz", Fixture.zone.identifier, "--server", server.url,
                "--days", "3", "--json",
            ]
            let first = try await runVitals(arguments, environment: ["VITALS_TOKEN": token])
            #expect(first.status == 0, "stderr: \(first.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
            let last = try LocalDate(parsing: try #require(report["last"] as? String))
            #expect(report["first"] as? String == last.adding(days: -2).description)
            #expect(report["daysSent"] as? Int == 3)
            #expect(report["recordsUpserted"] as? Int == 3)
            #expect(report["firstSync"] as? Bool == true)
            #expect(!first.stdout.contains(token) && !first.stderr.contains(token))
            #expect(FileManager.default.fileExists(atPath: workspace.cursorPath))

            let second = try await runVitals(arguments, environment: ["VITALS_TOKEN": token])
            #expect(second.status == 0, "stderr: \(second.stderr)")
            let again = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
            #expect(again["firstSync"] as? Bool == false)
            #expect(again["first"] as? String == last.description)

            let reset = try await runVitals(arguments + ["--reset"], environment: ["VITALS_TOKEN": token])
            #expect(reset.status == 0, "stderr: \(reset.stderr)")
            let fresh = try #require(try JSONSerialization.jsonObject(with: Data(reset.stdout.utf8)) as? [String: Any])
            #expect(fresh["firstSync"] as? Bool == true && fresh["daysSent"] as? Int == 3)

            let text = try await runVitals(
                arguments.filter { $0 != "--json" } + ["--contract", "journey", "--token", token])
            #expect(text.status == 0, "stderr: \(text.stderr)")
            #expect(text.stdout.contains("synced 3 days"))
            #expect(text.stdout.contains("[journey]"))

            let wrong = TokenHasher.newToken()
            let refused = try await runVitals(arguments, environment: ["VITALS_TOKEN": wrong])
            #expect(refused.status == 77)
            #expect(refused.stderr.contains("401"))
            #expect(!refused.stderr.contains(wrong))
        }
    }

    @Test("a missing token or a bad server URL is a usage error (64)")
    func usageErrors() async throws {
        let workspace = try SyncWorkspace()
        defer { workspace.remove() }
        let missing = try await runVitals(
            ["sync", "--db", workspace.store.path, "--server", "http://127.0.0.1:9"],
            environment: ["VITALS_TOKEN": ""])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("VITALS_TOKEN"))
        let badURL = try await runVitals([
            "sync", "--db", workspace.store.path, "--server", "ftp://example.org", "--token", "t",
        ])
        #expect(badURL.status == 64)
        #expect(badURL.stderr.contains("--server"))
    }
}

/// What a run of the executable printed and returned.
struct CLIResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built `vitals` executable (next to the test bundle) without blocking a thread.
func runVitals(_ arguments: [String], environment: [String: String] = [:]) async throws -> CLIResult {
    let folders = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    guard
        let executable = folders.map({ $0.appendingPathComponent("vitals") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        throw TestFailure("the vitals executable is not built next to the tests (run swift build --build-tests)")
    }
    var env = ProcessInfo.processInfo.environment
    env["VITALS_TOKEN"] = nil
    for (key, value) in environment { env[key] = value }
    let path = executable.path, environment = env
    // The child runs to its end on a thread of its own, not on one of the cooperative pool's.
    let run = try await ChildProcess.run(path, arguments, environment: environment)
    return CLIResult(
        status: run.termination.status, stdout: String(decoding: run.stdout, as: UTF8.self),
        stderr: String(decoding: run.stderr, as: UTF8.self))
}
