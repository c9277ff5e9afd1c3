import Foundation
import Testing
import VitalsTestSupport

/// `vitals mcp` driven by the official MCP Python client (PyPI `mcp`, pinned in the test venv)
/// over stdio, its numbers held against `vitals stats`, `vitals samples` and `vitals streak`
/// on the same store.
@Suite("vitals mcp: the official MCP client lists and calls every tool", .mayBlock)
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

    /// Runs the client against `vitals mcp STORE` (`--db PATH` or `--server URL`) with `calls`, returning its JSON report.
    static func client(
        _ store: [String], _ calls: [(String, [String: Any])], zone: String = zone,
        environment: [String: String] = [:]
    ) async throws -> [String: Any] {
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            """
            the test venv is missing at \(python): run `bash scripts/setup.sh --tests` (or set VITALS_PYTHON)
            """)
        let encoded = try JSONSerialization.data(withJSONObject: calls.map { [$0.0, $0.1] as [Any] })
        let run = try await ChildProcess.run(
            python,
            [
                script, CLIRunner.executable.path, zone,
                String(decoding: encoded, as: UTF8.self), "--",
            ] + store,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            input: Data())
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

    @Test("Lists nine read-only tools with object schemas; each call answers, and the figures are vitals stats' own")
    func everyToolAgainstTheCLI() async throws {
        let cli = try CLIRunner()
        let demo = try await cli.run(["demo", "--db", cli.database, "--tz", Self.zone, "--json"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let calls: [(String, [String: Any])] = [
            ("list_holdings", [:]),
            ("statistics", ["type": "stepCount", "from": "2025-10-01", "to": "2025-10-15"]),
            (
                "statistics",
                [
                    "type": "heartRate", "from": "2025-10-01", "to": "2025-10-27", "interval": "week",
                    "option": "max", "by_source": true,
                ]
            ),
            ("day_summary", ["date": "2025-10-14"]),
            ("sleep_nights", ["from": "2025-10-14", "to": "2025-10-14"]),
            ("samples", ["type": "stepCount", "from": "2025-10-14", "to": "2025-10-15", "limit": 1000]),
            ("trends", ["type": "stepCount", "date": "2025-10-26", "days": 14]),
            ("workouts", ["from": "2025-09-29", "to": "2025-10-27"]),
            ("streak", ["activity": "mindfulness", "date": "2025-10-26"]),
            ("statistics", ["type": "nope", "from": "2025-10-01", "to": "2025-10-15"]),
            ("samples", ["type": "stepCount", "from": "2025-10-01"]),
        ]
        let report = try await Self.client(["--db", cli.database], calls)
        #expect(report["server"] as? String == "vitals")
        let tools = try #require(report["tools"] as? [[String: Any]])
        #expect(
            tools.compactMap { $0["name"] as? String } == [
                "list_holdings", "day_summary", "statistics", "samples",
                "trends", "workouts", "sleep_nights", "streak", "insights",
            ])
        for tool in tools {
            #expect((tool["inputSchema"] as? [String: Any])?["type"] as? String == "object")
            #expect(tool["readOnly"] as? Bool == true)
        }
        let answers = try #require(report["calls"] as? [[String: Any]])
        try #require(answers.count == calls.count)
        for answer in answers.prefix(9) {
            #expect(answer["isError"] as? Bool == false, "\(answer["name"] ?? "") failed: \(answer["text"] ?? "")")
            let structured = try #require(answer["answer"] as? [String: Any])
            #expect(structured["zone"] as? String == Self.zone)
        }
        #expect(
            answers[9]["isError"] as? Bool == true && (answers[9]["text"] as? String)?.contains("field 'type'") == true)
        #expect(
            answers[10]["isError"] as? Bool == true && (answers[10]["text"] as? String)?.contains("field 'to'") == true)
        func structured(_ index: Int) -> [String: Any] { answers[index]["answer"] as? [String: Any] ?? [:] }

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
        let steps = try await cli.run([
            "stats", "--type", "stepCount", "--from", "2025-10-01", "--to", "2025-10-15",
            "--tz", Self.zone, "--json",
        ])
        let stepRows = try #require(try Self.json(steps.stdout) as? [[String: Any]])
        let stepBuckets = try #require(structured(1)["buckets"] as? [[String: Any]])
        #expect(stepBuckets.count == 14 && stepRows.count == 14)
        for (mine, theirs) in zip(stepBuckets, stepRows) {
            #expect(mine["start"] as? String == theirs["start"] as? String)
            #expect(Self.same(mine["value"], theirs["value"]))
        }
        #expect(stepBuckets.contains { ($0["value"] as? Double ?? 0) > 1000 })

        // Weekly maximum heart rate with each source's own: `vitals stats --by-source`.
        let heart = try await cli.run([
            "stats", "--type", "heartRate", "--from", "2025-10-01", "--to", "2025-10-27",
            "--interval", "week", "--option", "max", "--tz", Self.zone, "--json",
        ])
        let heartRows = try #require(try Self.json(heart.stdout) as? [[String: Any]])
        let heartBuckets = try #require(structured(2)["buckets"] as? [[String: Any]])
        #expect(heartBuckets.count == heartRows.count && heartRows.count == 4)
        for (mine, theirs) in zip(heartBuckets, heartRows) { #expect(Self.same(mine["value"], theirs["value"])) }
        #expect(structured(2)["unit"] as? String == "count/min")

        // The day's steps and the night: a one-day stats bucket, and sleep over the noon-to-noon window.
        let daySteps = stepRows.first { ($0["start"] as? String)?.hasPrefix("2025-10-14") == true }?["value"] as? Double
        let figures = structured(3)["figures"] as? [String: Any]
        #expect(daySteps != nil && Self.same((figures?["steps"] as? [String: Any])?["value"], daySteps))
        let sleep = try await cli.run([
            "stats", "--type", "sleepAnalysis", "--option", "duration", "--tz", Self.zone,
            "--from", "2025-10-13T12:00:00+02:00", "--to", "2025-10-14T12:00:00+02:00", "--json",
        ])
        let asleep = try #require(try Self.json(sleep.stdout) as? [[String: Any]]).compactMap { $0["value"] as? Double }
            .reduce(0, +)
        let night = try #require((structured(4)["nights"] as? [[String: Any]])?.first)
        #expect(asleep > 0 && Self.same(night["asleepMinutes"], asleep))
        #expect(Self.same((structured(3)["night"] as? [String: Any])?["asleepMinutes"], asleep))

        // The samples themselves: those `vitals samples --strict-start` lists.
        let listed = try await cli.run([
            "samples", "--type", "stepCount", "--from", "2025-10-14", "--to", "2025-10-15",
            "--strict-start", "--tz", Self.zone, "--json",
        ])
        let sampleRows = try Self.lines(listed.stdout)
        let page = try #require(structured(5)["samples"] as? [[String: Any]])
        #expect(page.count == sampleRows.count && !page.isEmpty)
        #expect(Set(page.compactMap { $0["uuid"] as? String }) == Set(sampleRows.compactMap { $0["uuid"] as? String }))

        // The streak `vitals streak --all-sources` counts.
        let streak = try await cli.run([
            "streak", "mindfulness", "--all-sources", "--at", "2025-10-26T23:59:59+01:00",
            "--tz", Self.zone, "--json",
        ])
        let streakRow = try #require(try Self.json(streak.stdout) as? [String: Any])
        #expect(structured(8)["length"] as? Int == streakRow["length"] as? Int)
        #expect(structured(8)["days"] as? [String] == streakRow["days"] as? [String])

        // Workouts: every workout sample the store holds in the range.
        let workouts = try await cli.run([
            "samples", "--type", "workout", "--from", "2025-09-29", "--to", "2025-10-27",
            "--strict-start", "--tz", Self.zone, "--json",
        ])
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

    /// Two sources counting the same walks (merged, not added), a third period, and resting heart rate, in Health Auto Export's JSON.
    static let payload = """
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [
            {"qty": 1200, "startDate": "2025-10-14 08:05:00 +0200", "endDate": "2025-10-14 08:35:00 +0200", "source": "Ada's iPhone"},
            {"qty": 1100, "startDate": "2025-10-14 08:05:00 +0200", "endDate": "2025-10-14 08:35:00 +0200", "source": "Ada's Apple Watch"},
            {"qty": 345, "startDate": "2025-10-14 18:40:00 +0200", "endDate": "2025-10-14 18:50:00 +0200", "source": "Ada's iPhone"},
            {"qty": 2000, "startDate": "2025-10-15 07:00:00 +0200", "endDate": "2025-10-15 07:40:00 +0200", "source": "Ada's Apple Watch"}]},
          {"name": "resting_heart_rate", "units": "count/min", "data": [
            {"qty": 58, "startDate": "2025-10-14 06:00:00 +0200", "endDate": "2025-10-14 06:00:00 +0200", "source": "Ada's Apple Watch"},
            {"qty": 61, "startDate": "2025-10-15 06:00:00 +0200", "endDate": "2025-10-15 06:00:00 +0200", "source": "Ada's Apple Watch"}]}
        ]}}
        """

    @Test(
        "Over a server user (--server, the read API, the user's zone) the tools answer what they answer over a local store of the same data"
    )
    func serverUserAsLocalStore() async throws {
        let served = try await ServedUser()
        defer { _ = served.server.stop() }
        let ingest = try HTTP.request(
            port: served.server.port, "POST", "/api/v1/ingest/health-auto-export",
            token: served.token, body: Self.payload)
        try #require(ingest.status == 200, "\(ingest.body)")
        let local = try CLIRunner()
        let file = try local.write("payload.json", Self.payload)
        let imported = try await local.run(["import", file, "--tz", Self.zone])
        try #require(imported.status == 0, "\(imported.stderr)")

        let calls: [(String, [String: Any])] = [
            ("statistics", ["type": "stepCount", "from": "2025-10-13", "to": "2025-10-17"]),
            (
                "statistics",
                ["type": "stepCount", "from": "2025-10-14", "to": "2025-10-15", "interval": "hour", "by_source": true]
            ),
            ("statistics", ["type": "restingHeartRate", "from": "2025-10-13", "to": "2025-10-17", "option": "max"]),
            ("day_summary", ["date": "2025-10-14"]),
            ("samples", ["type": "stepCount", "from": "2025-10-14", "to": "2025-10-16", "limit": 2]),
            ("list_holdings", [:]),
        ]
        let base = "http://127.0.0.1:\(served.server.port)"
        let remote = try await Self.client(
            ["--server", base], calls, zone: "", environment: ["VITALS_TOKEN": served.token])
        let mine = try await Self.client(["--db", local.database], calls)
        let remoteAnswers = try #require(remote["calls"] as? [[String: Any]]),
            localAnswers = try #require(mine["calls"] as? [[String: Any]])
        try #require(remoteAnswers.count == calls.count && localAnswers.count == calls.count)
        for (index, (theirs, ours)) in zip(remoteAnswers, localAnswers).enumerated() {
            #expect(theirs["isError"] as? Bool == false, "server \(calls[index].0): \(theirs["text"] ?? "")")
            #expect(ours["isError"] as? Bool == false, "local \(calls[index].0): \(ours["text"] ?? "")")
        }
        func answer(_ answers: [[String: Any]], _ index: Int) -> [String: Any] {
            answers[index]["answer"] as? [String: Any] ?? [:]
        }
        #expect(answer(remoteAnswers, 0)["zone"] as? String == "Europe/Berlin", "the user's zone, from /api/me")
        // Buckets, values and each source's share: the same on both sides.
        for index in 0..<3 {
            let theirs = try JSONSerialization.data(
                withJSONObject: answer(remoteAnswers, index)["buckets"] ?? [], options: .sortedKeys)
            let ours = try JSONSerialization.data(
                withJSONObject: answer(localAnswers, index)["buckets"] ?? [], options: .sortedKeys)
            #expect(
                theirs == ours,
                "\(calls[index]): \(String(decoding: theirs, as: UTF8.self)) vs \(String(decoding: ours, as: UTF8.self))"
            )
        }
        let daily = answer(remoteAnswers, 0)["buckets"] as? [[String: Any]] ?? []
        #expect(
            daily.compactMap { $0["value"] as? Double } == [1445, 2000],
            "the watch's 1,100 for the shared minutes, not 2,300")
        let figures = { (answers: [[String: Any]]) in
            (answer(answers, 3)["figures"] as? [String: Any])?["steps"] as? [String: Any]
        }
        #expect(
            figures(remoteAnswers)?["value"] as? Double == 1445 && figures(localAnswers)?["value"] as? Double == 1445)
        // Paged samples: two a page, the same starts.
        let starts = { (answers: [[String: Any]]) in
            (answer(answers, 4)["samples"] as? [[String: Any]])?.compactMap { $0["start"] as? String }
        }
        #expect(starts(remoteAnswers) == starts(localAnswers) && starts(remoteAnswers)?.count == 2)
        #expect(answer(remoteAnswers, 4)["next"] != nil)
        let counts = { (answers: [[String: Any]]) in
            (answer(answers, 5)["types"] as? [[String: Any]])?.map { "\($0["identifier"] ?? "") \($0["count"] ?? "")" }
        }
        #expect(counts(remoteAnswers) == counts(localAnswers) && counts(remoteAnswers)?.count == 2)

        let refused = try await local.run(["mcp", "--server", base, "--token", "not-a-token"])
        #expect(refused.status == 77 && refused.stderr.contains("token") && refused.stdout.isEmpty, "\(refused.stderr)")
    }
}
