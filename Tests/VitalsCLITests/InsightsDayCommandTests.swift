import Foundation
import Testing

@Suite("vitals insights")
struct InsightsDayCommandTests {
    @Test("On the demo store: a sleep score with its three parts, the same in text and JSON; a bad date is exit 64")
    func demoDay() async throws {
        let cli = try CLIRunner()
        let db = cli.directory.appendingPathComponent("demo.sqlite").path
        let demo = try await cli.run(["demo", "--db", db, "--tz", "Europe/Berlin", "--weeks", "8"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let json = try await cli.run([
            "insights", "--db", db, "--tz", "Europe/Berlin", "--date", "2025-11-23", "--json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let score = try #require((document["sleepScore"] as? [String: Any])?["value"] as? [String: Any])
        let parts = try #require(score["parts"] as? [[String: Any]])
        #expect(parts.map { $0["name"] as? String } == ["duration", "bedtime", "interruptions"])
        let total = parts.compactMap { $0["points"] as? Double }.reduce(0, +)
        #expect(score["score"] as? Int == Int(total.rounded()))
        let text = try await cli.run(["insights", "--db", db, "--tz", "Europe/Berlin", "--date", "2025-11-23"])
        #expect(text.stdout.contains("Sleep score \(score["score"] as? Int ?? -1) "))
        let bad = try await cli.run(["insights", "--db", db, "--date", "23.11.2025"])
        #expect(bad.status == 64 && bad.stderr.contains("--date"))
    }
}
