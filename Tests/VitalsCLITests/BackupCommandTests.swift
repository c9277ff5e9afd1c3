import Foundation
import GRDB
import Testing
import VitalsTestSupport

@Suite("vitals backup and vitals restore", .mayBlock)
struct BackupCommandTests {
    /// Posts daily upserts to a live server from a thread of its own, one day after another,
    /// counting those acknowledged (200), until stopped.
    final class DailyWriter: @unchecked Sendable {
        private let lock = NSLock()
        private var acknowledged = 0
        private var stopped = false
        private var failure: String?
        private var finished = false
        private let port: Int
        private let token: String

        /// Starts posting at once.
        init(port: Int, token: String) {
            self.port = port
            self.token = token
            Thread { [self] in post() }.start()
        }

        private func post() {
            defer { lock.withLock { finished = true } }
            var day = 0
            while !isStopped {
                let body = #"{"date":"\#(Self.date(day))","steps":\#(Self.steps(day))}"#
                do {
                    let answer = try HTTP.request(port: port, "POST", "/api/v1/health/daily", token: token, body: body)
                    guard answer.status == 200 else { return fail("daily \(day): \(answer.status) \(answer.body)") }
                    lock.withLock { acknowledged = day + 1 }
                } catch {
                    return fail("daily \(day): \(error)")
                }
                day += 1
            }
        }

        /// Days acknowledged so far: days 0..<count.
        var count: Int { lock.withLock { acknowledged } }
        var isStopped: Bool { lock.withLock { stopped } }
        var problem: String? { lock.withLock { failure } }
        private func fail(_ text: String) { lock.withLock { failure = text } }

        /// Stops posting and waits for the thread to finish its request.
        func stop() {
            lock.withLock { stopped = true }
            while !lock.withLock({ finished }) { usleep(1000) }
        }

        /// Day `index` of the writes: consecutive days from 2020-01-01.
        static func date(_ index: Int) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let day = calendar.date(byAdding: .day, value: index, to: Date(timeIntervalSince1970: 1_577_836_800))!
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }

        static func steps(_ index: Int) -> Int { 1000 + index * 7 }
    }

    /// A Health Auto Export body of `count` minute step samples, to give the database some size.
    static func bulkSteps(_ count: Int) -> String {
        let items = (0..<count).map { index in
            let minute = index % 60, hour = (index / 60) % 24, day = index / 1440
            return String(
                format: #"{"qty":%d,"date":"2024-%02d-%02d %02d:%02d:00 +0000","source":"Ada's iPhone"}"#,
                10 + index % 90, 1 + day / 28 % 12, 1 + day % 28, hour, minute)
        }
        return #"{"data":{"metrics":[{"name":"step_count","units":"count","data":["# + items.joined(separator: ",")
            + "]}]}}"
    }

    @Test(
        "A backup taken while a writer posts through the live server, restored into a new file and served: every write acknowledged before it began is there"
    )
    func backupOfALiveServer() async throws {
        let served = try await ServedUser()
        let cli = served.cli
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let bulk = try HTTP.request(
            port: served.server.port, "POST", "/api/v1/ingest/health-auto-export?aggregation=none",
            token: served.token, body: Self.bulkSteps(40_000))
        #expect(bulk.status == 200, "\(bulk.body.prefix(300))")
        // A first backup, of the quiet server: the day records the bulk ingest made.
        let quiet = try await cli.run([
            "backup", cli.directory.appendingPathComponent("quiet.sqlite").path, "--db", database, "--json",
        ])
        let quietReport = try #require(
            try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [String: Any],
            "\(quiet.stderr)")
        let bulkDays = try #require((quietReport["tables"] as? [String: Int])?["health_snapshots"])

        let writer = DailyWriter(port: served.server.port, token: served.token)
        while writer.count < 20, writer.problem == nil { try await Task.sleep(for: .milliseconds(10)) }
        let before = writer.count
        let out = cli.directory.appendingPathComponent("backups").path
        let backup = try await cli.run(["backup", out + "/", "--db", database, "--json"])
        let after = writer.count
        while writer.count < after + 5, writer.problem == nil { try await Task.sleep(for: .milliseconds(10)) }
        writer.stop()
        #expect(writer.problem == nil, "\(writer.problem ?? "")")
        #expect(after > before, "writes were acknowledged while the backup ran")
        #expect(backup.status == 0, "\(backup.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(backup.stdout.utf8)) as? [String: Any])
        let path = try #require(report["path"] as? String)
        #expect(report["integrity"] as? String == "ok")
        #expect((report["schema"] as? [String: Any])?["kind"] as? String == "server")
        let tables = try #require(report["tables"] as? [String: Int])
        let snapshots = try #require(tables["health_snapshots"]) - bulkDays
        #expect(snapshots >= before && snapshots <= after, "\(before) <= \(snapshots) <= \(after)")
        #expect(tables["samples"] == 40_000)
        #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("server-"))

        // While the server has the file open, a restore over it is refused and changes nothing.
        let refused = try await cli.run(["restore", path, "--db", database])
        #expect(refused.status == 69 && refused.stderr.contains("stop it first"), "\(refused.stderr)")
        #expect(
            try HTTP.request(
                port: served.server.port, "GET", "/api/health/\(DailyWriter.date(after + 2))",
                token: served.token
            ).body.contains(#""steps":\#(DailyWriter.steps(after + 2))"#))
        #expect(served.server.stop() == 0)

        let restoredPath = cli.directory.appendingPathComponent("restored.sqlite").path
        let restore = try await cli.run(["restore", path, "--db", restoredPath, "--json"])
        #expect(restore.status == 0, "\(restore.stderr)")
        let integrity = try await DatabaseQueue(path: restoredPath).read {
            try String.fetchAll($0, sql: "PRAGMA integrity_check")
        }
        #expect(integrity == ["ok"])

        let server = try ServeCommandTests.Server(arguments: ["--db", restoredPath])
        defer { _ = server.stop() }
        for day in 0..<before {
            let answer = try HTTP.request(
                port: server.port, "GET", "/api/health/\(DailyWriter.date(day))", token: served.token)
            #expect(
                answer.status == 200 && answer.body.contains(#""steps":\#(DailyWriter.steps(day))"#),
                "day \(day): \(answer.status) \(answer.body.prefix(200))")
        }
        let later = try HTTP.request(
            port: server.port, "GET", "/api/health/\(DailyWriter.date(after + 2))", token: served.token)
        #expect(
            !later.body.contains(#""steps":\#(DailyWriter.steps(after + 2))"#),
            "a write acknowledged after the backup ended")
    }

    @Test(
        "--keep keeps the newest backups in a folder; a file that exists is never overwritten; bad backups are refused with their exit codes"
    )
    func keepAndRefusals() async throws {
        let cli = try CLIRunner()
        #expect(try await cli.run(["demo", "--db", cli.database]).status == 0)
        let folder = cli.directory.appendingPathComponent("nightly").path
        var removed: [String] = []
        for round in 0..<3 {
            let run = try await cli.run(
                ["backup", folder, "--keep", "2", "--json"] + (round == 0 ? ["--progress"] : ["--check", "full"]))
            #expect(run.status == 0, "\(run.stderr)")
            if round == 0 {
                // Not a terminal: --progress prints a line per step, the copy then its check.
                let lines = run.stderr.split(separator: "\n")
                #expect(
                    lines.contains { $0.hasPrefix("[##############################] 100%") && $0.hasSuffix("copying") },
                    "\(run.stderr)")
                #expect(lines.last?.hasPrefix("verifying the copy") == true, "\(run.stderr)")
            } else {
                #expect(run.stderr.isEmpty)
            }
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            removed += report["removed"] as? [String] ?? []
            #expect(
                report["check"] as? String == (round == 0 ? "quick_check" : "integrity_check")
                    && report["integrity"] as? String == "ok")
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(kept.count == 2 && kept.allSatisfy { $0.hasPrefix("store-") && $0.hasSuffix(".sqlite") }, "\(kept)")
        #expect(removed.count == 1 && !kept.contains(URL(fileURLWithPath: removed[0]).lastPathComponent))

        let existing = folder + "/" + kept[0]
        let again = try await cli.run(["backup", existing])
        #expect(again.status == 73 && again.stderr.contains("exists"), "\(again.stderr)")
        #expect(try await cli.run(["backup", folder, "--keep", "0"]).status == 64)
        #expect(try await cli.run(["backup", folder, "--db", "a.sqlite", "--server"]).status == 64)
        #expect(
            try await cli.run(["backup", folder + "/x.sqlite", "--db", cli.directory.path + "/none.sqlite"]).status
                == 66)

        let whole = try Data(contentsOf: URL(fileURLWithPath: existing))
        let truncated = try cli.write("truncated.sqlite", "")
        try whole.prefix(whole.count - 4096).write(to: URL(fileURLWithPath: truncated))
        let target = cli.directory.appendingPathComponent("target.sqlite").path
        let cut = try await cli.run(["restore", truncated, "--db", target])
        #expect(cut.status == 65 && cut.stderr.contains("truncated"), "\(cut.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))

        let newer = cli.directory.appendingPathComponent("newer.sqlite").path
        try whole.write(to: URL(fileURLWithPath: newer))
        try await DatabaseQueue(path: newer).write {
            try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-later')")
        }
        let future = try await cli.run(["restore", newer, "--db", target])
        #expect(future.status == 78 && future.stderr.contains("newer"), "\(future.stderr)")
        #expect(try await cli.run(["restore", existing]).status == 64)
        let restored = try await cli.run(["restore", existing, "--db", target])
        #expect(restored.status == 0, "\(restored.stderr)")
        let steps = try await cli.run([
            "stats", "--type", "stepCount", "--from", "2025-09-29", "--to", "2025-10-27", "--db", target, "--json",
        ])
        let original = try await cli.run([
            "stats", "--type", "stepCount", "--from", "2025-09-29", "--to", "2025-10-27", "--json",
        ])
        #expect(steps.status == 0 && steps.stdout == original.stdout)
    }
}
