import Foundation
import Testing
import VitalsTestSupport

/// `vitals mcp` driven by the official MCP Python client (PyPI `mcp`, pinned in the test venv)
/// over stdio, its numbers held against `vitals stats`, `vitals samples` and `vitals streak`
/// on the same store.
@Suite("vitals mcp: the official MCP client lists and calls every tool")
struct McpCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("MCP/mcp_client_check.py").path

    /// The venv's Python, which has `mcp` (`scripts/setup.sh` installs it; `VITALS_PYTHON` names another).
    static var python: String {
        ProcessInfo.processInfo.environment["VITALS_PYTHON"]
            ?? packageRoot.appendingPathComponent(".build-tools/venv/bin/python").path
    }

    static let zone = "Europe/Berlin"

    /// Runs the client against `db` with `calls`, returning its JSON report.
    static func client(_ db: String, _ calls: [(String, [String: Any])]) async throws -> [String: Any] {
        try #require(FileManager.default.isExecutableFile(atPath: python), """
            the test venv is missing at \(python): run `bash scripts/setup.sh --tests` (or set VITALS_PYTHON)
            """)
        let encoded = try JSONSerialization.data(withJSONObject: calls.map { [$0.0, $0.1] as [Any] })
        let run = try await ChildProcess.run(python, [script, CLIRunner.executable.path, db, zone,
                                                      String(decoding: encoded, as: UTF8.self)],
                                             environment: ProcessInfo.processInfo.environment, input: Data())
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        try #require(run.termination.status == 0, "the MCP client failed: \(stderr)")
        return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// The objects of JSON Lines (what `vitals samples --json` prints).
    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try json(String($0)) as? [String: Any]) }
    }

    /// Whether a tool's figure (rounded to six decimals) is the CLI's.
    static func same(_ mine: Any?, _ theirs: Any?) -> Bool {
        guard let mine = mine as? Double, let theirs = theirs as? Double else { return mine == nil && theirs == nil }
        return abs(mine - theirs) <= 1e-6 * max(1, abs(theirs))
    }

    @Test("Lists eight read-only tools with object schemas; each call answers, and the figures are vitals stats' own")
    func everyToolAgainstTheCLI() async throws {
        let cli = try CLIRunner()
        let demo = try await cli.run(["demo", "--db", cli.database, "--tz", Self.zone, "--json"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let calls: [(String, [String: Any])] = [
            ("list_holdings", [:]),
            ("statistics", ["type": "stepCount", "from": "2025-10-01", "to": "2025-10-15"]),
            ("statistics", ["type": "heartRate", "from": "2025-10-01", "to": "2025-10-27", "interval": "week",
                            "option": "max", "by_source": true]),
            ("day_summary", ["date": "2025-10-14"]),
            ("sleep_nights", ["from": "2025-10-14", "to": "2025-10-14"]),
            ("samples", ["type": "stepCount", "from": "2025-10-14", "to": "2025-10-15", "limit": 1000]),
            ("trends", ["type": "stepCount", "date": "2025-10-26", "days": 14]),
            ("workouts", ["from": "2025-09-29", "to": "2025-10-27"]),
            ("streak", ["activity": "mindfulness", "date": "2025-10-26"]),
            ("statistics", ["type": "nope", "from": "2025-10-01", "to": "2025-10-15"]),
            ("samples", ["type": "stepCount", "from": "2025-10-01"]),
        ]
        let report = try await Self.client(cli.database, calls)
        #expect(report["server"] as? String == "vitals")
        let tools = try #require(report["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == ["list_holdings", "day_summary", "statistics", "samples",
                                                               "trends", "workouts", "sleep_nights", "streak"])
        for tool in tools {
            #expect((tool["inputSchema"] as? [String: Any])?["type"] as? String == "object")
            #expect(tool["readOnly"] as? Bool == true)
        }
        let answers = try #require(report["calls"] as? [[String: Any]])
        try #require(answers.count == calls.count)
        for answer in answers.prefix(9) {
            #expect(answer["isError"] as? Bool == false, "\(answer["name"] ?? "") failed: \(answer["text"] ?? "")")
            let structured = try #require(answer["structured"] as? [String: Any])
            #expect(structured["zone"] as? String == Self.zone)
            let text = try #require(answer["text"] as? String)
            let decoded = try #require(try Self.json(text) as? [String: Any])
            #expect(NSDictionary(dictionary: decoded) == NSDictionary(dictionary: structured))
        }
        #expect(answers[9]["isError"] as? Bool == true && (answers[9]["text"] as? String)?.contains("field 'type'") == true)
        #expect(answers[10]["isError"] as? Bool == true && (answers[10]["text"] as? String)?.contains("field 'to'") == true)
        func structured(_ index: Int) -> [String: Any] { answers[index]["structured"] as? [String: Any] ?? [:] }

        // What is stored: the same counts `vitals types` prints.
        let types = try await cli.run(["types", "--json", "--tz", Self.zone])
        let typeRows = try #require(try Self.json(types.stdout) as? [[String: Any]])
        let held = try #require(structured(0)["types"] as? [[String: Any]])
        #expect(held.count == typeRows.count && held.count > 3)
        for (mine, theirs) in zip(held, typeRows) {
            #expect(mine["identifier"] as? String == theirs["type"] as? String)
            #expect(mine["count"] as? Int == theirs["count"] as? Int)
            #expect(mine["first"] as? String == theirs["first"] as? String)
        }

        // Daily steps, merged: `vitals stats` bucket by bucket.
        let steps = try await cli.run(["stats", "--type", "stepCount", "--from", "2025-10-01", "--to", "2025-10-15",
                                       "--tz", Self.zone, "--json"])
        let stepRows = try #require(try Self.json(steps.stdout) as? [[String: Any]])
        let stepBuckets = try #require(structured(1)["buckets"] as? [[String: Any]])
        #expect(stepBuckets.count == 14 && stepRows.count == 14)
        for (mine, theirs) in zip(stepBuckets, stepRows) {
            #expect(mine["start"] as? String == theirs["start"] as? String)
            #expect(Self.same(mine["value"], theirs["value"]))
        }
        #expect(stepBuckets.contains { ($0["value"] as? Double ?? 0) > 1000 })

        // Weekly maximum heart rate with each source's own: `vitals stats --by-source`.
        let heart = try await cli.run(["stats", "--type", "heartRate", "--from", "2025-10-01", "--to", "2025-10-27",
                                       "--interval", "week", "--option", "max", "--tz", Self.zone, "--json"])
        let heartRows = try #require(try Self.json(heart.stdout) as? [[String: Any]])
        let heartBuckets = try #require(structured(2)["buckets"] as? [[String: Any]])
        #expect(heartBuckets.count == heartRows.count && heartRows.count == 4)
        for (mine, theirs) in zip(heartBuckets, heartRows) { #expect(Self.same(mine["value"], theirs["value"])) }
        #expect(structured(2)["unit"] as? String == "count/min")

        // The day's steps and the night: a one-day stats bucket, and sleep over the noon-to-noon window.
        let daySteps = stepRows.first { ($0["start"] as? String)?.hasPrefix("2025-10-14") == true }?["value"] as? Double
        let figures = structured(3)["figures"] as? [String: Any]
        #expect(daySteps != nil && Self.same((figures?["steps"] as? [String: Any])?["value"], daySteps))
        let sleep = try await cli.run(["stats", "--type", "sleepAnalysis", "--option", "duration", "--tz", Self.zone,
                                       "--from", "2025-10-13T12:00:00+02:00", "--to", "2025-10-14T12:00:00+02:00", "--json"])
        let asleep = try #require(try Self.json(sleep.stdout) as? [[String: Any]]).compactMap { $0["value"] as? Double }
            .reduce(0, +)
        let night = try #require((structured(4)["nights"] as? [[String: Any]])?.first)
        #expect(asleep > 0 && Self.same(night["asleepMinutes"], asleep))
        #expect(Self.same((structured(3)["night"] as? [String: Any])?["asleepMinutes"], asleep))

        // The samples themselves: those `vitals samples --strict-start` lists.
        let listed = try await cli.run(["samples", "--type", "stepCount", "--from", "2025-10-14", "--to", "2025-10-15",
                                        "--strict-start", "--tz", Self.zone, "--json"])
        let sampleRows = try Self.lines(listed.stdout)
        let page = try #require(structured(5)["samples"] as? [[String: Any]])
        #expect(page.count == sampleRows.count && !page.isEmpty)
        #expect(Set(page.compactMap { $0["uuid"] as? String }) == Set(sampleRows.compactMap { $0["uuid"] as? String }))

        // The streak `vitals streak --all-sources` counts.
        let streak = try await cli.run(["streak", "mindfulness", "--all-sources", "--at", "2025-10-26T23:59:59+01:00",
                                        "--tz", Self.zone, "--json"])
        let streakRow = try #require(try Self.json(streak.stdout) as? [String: Any])
        #expect(structured(8)["length"] as? Int == streakRow["length"] as? Int)
        #expect(structured(8)["days"] as? [String] == streakRow["days"] as? [String])

        // Workouts: every workout sample the store holds in the range.
        let workouts = try await cli.run(["samples", "--type", "workout", "--from", "2025-09-29", "--to", "2025-10-27",
                                          "--strict-start", "--tz", Self.zone, "--json"])
        let workoutRows = try Self.lines(workouts.stdout)
        #expect(structured(7)["count"] as? Int == workoutRows.count && !workoutRows.isEmpty)
        #expect(structured(6)["statistic"] as? String == "sum" && structured(6)["recent"] != nil)
    }

    @Test("A missing store is refused before the protocol starts, naming --db")
    func missingStore() async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["mcp", "--db", cli.directory.appendingPathComponent("none.sqlite").path])
        #expect(result.status == 76 && result.stderr.contains("--db") && result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("none.sqlite").path))
    }
}
