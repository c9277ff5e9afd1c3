import Foundation
import Testing
import VitalsTestSupport

@Suite("vitals user ingests", .mayBlock)
struct UserIngestsCommandTests {
    static let document = #"""
        {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
         {"qty": 4321, "startDate": "2025-11-15 08:00:00 +0000", "endDate": "2025-11-15 08:05:00 +0000", "source": "Watch"}]},
         {"name": "dream_intensity", "units": "count", "data": [{"qty": 3, "date": "2025-11-15 08:00:00 +0000"}]}]}}
        """#

    @Test("prints the log a served user's requests left, newest first, and the completeness summary")
    func printsTheLog() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let added = try await cli.run(["user", "add", "ada", "--tz", "Europe/Berlin", "--json", "--db", database])
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["token"] as? String)
        #expect(try await cli.run(["user", "add", "bob", "--db", database]).status == 0)

        let server = try ServeCommandTests.Server(arguments: ["--db", database])
        let ingest = try HTTP.request(
            port: server.port, "POST", "/api/v1/ingest/health-auto-export", token: token,
            body: Self.document)
        #expect(ingest.status == 200, "\(ingest.body)")
        #expect(
            try HTTP.request(
                port: server.port, "POST", "/api/v1/health/daily", token: token,
                body: #"{"date": "2025-11-16", "steps": -1}"#
            ).status == 422)
        #expect(server.stop() == 0)

        let table = try await cli.run(["user", "ingests", "ada", "--db", database])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ingests of ada (Europe/Berlin), newest first, kept 90 days")
        #expect(lines.count > 3 && lines[1].hasPrefix("id") && lines[1].contains("samples new/revised/present/sent"))
        #expect(lines[2].contains("daily") && lines[2].contains("422 invalid_value"))
        #expect(lines[3].contains("health-auto-export") && lines[3].contains(" 200 ") && lines[3].contains("1/0/0/1"))
        #expect(table.stdout.contains("HKQuantityTypeIdentifierStepCount  2025-11-15T09:00:00+01:00"))
        #expect(!table.stdout.contains("4321"), "no values in the output")

        let limited = try await cli.run(["user", "ingests", "ada", "--limit", "1", "--json", "--db", database])
        #expect(limited.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [String: Any])
        let page = try #require(json["ingests"] as? [String: Any])
        let entries = try #require(page["entries"] as? [[String: Any]])
        #expect(entries.count == 1 && entries.first?["kind"] as? String == "daily" && page["nextBefore"] != nil)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(
            (summary["metrics"] as? [[String: Any]])?.compactMap { $0["type"] as? String }
                == ["HKQuantityTypeIdentifierStepCount"])

        let empty = try await cli.run(["user", "ingests", "bob", "--db", database])
        #expect(
            empty.status == 0 && empty.stdout.contains("(no ingests kept)")
                && empty.stdout.contains("(no samples stored)"))
        let unknown = try await cli.run(["user", "ingests", "carol", "--db", database])
        #expect(unknown.status == 76 && unknown.stderr.contains("no user has this name"))
        #expect(try await cli.run(["user", "ingests", "ada", "--limit", "0", "--db", database]).status == 64)
    }
}
