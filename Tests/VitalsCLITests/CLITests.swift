import Foundation
import Testing
import VitalsTestSupport

@Suite("vitals command line")
struct CLITests {
    let lines = [
        #"{"type":"stepCount","value":1000,"unit":"count","start":"2025-10-01T10:00:00+02:00","end":"2025-10-01T11:00:00+02:00","source":{"name":"Wrist","bundleIdentifier":"com.apple.health.w"},"device":{"name":"Apple Watch","model":"Watch"}}"#,
        #"{"type":"stepCount","value":1200,"unit":"count","start":"2025-10-01T10:30:00+02:00","end":"2025-10-01T11:30:00+02:00","source":{"name":"Phone","bundleIdentifier":"com.apple.health.p"},"device":{"name":"iPhone","model":"iPhone"}}"#,
        #"{"type":"sleepAnalysis","value":"asleepCore","start":"2025-10-01T01:00:00+02:00","end":"2025-10-01T03:00:00+02:00","source":{"name":"Wrist","bundleIdentifier":"com.apple.health.w"}}"#,
    ]

    @Test("add, samples --json and add again round-trip exactly")
    func roundTrip() async throws {
        let cli = try CLIRunner()
        let file = try cli.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        let added = try await cli.run(["add", "--jsonl", file, "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains(#""added":3"#))
        let steps = try await cli.run(["samples", "--type", "stepCount", "--json", "--tz", "Europe/Berlin"])
        #expect(steps.status == 0)
        #expect(steps.stdout.split(separator: "\n").count == 2)

        let copy = try CLIRunner()
        let again = try await copy.run(["add", "--jsonl", "-"], stdin: steps.stdout)
        #expect(again.status == 0, "\(again.stderr)")
        let reprinted = try await copy.run(["samples", "--type", "stepCount", "--json", "--tz", "Europe/Berlin"])
        #expect(reprinted.stdout == steps.stdout)
    }

    @Test("stats --json merges sources and splits by source")
    func stats() async throws {
        let cli = try CLIRunner()
        _ = try await cli.run(["add", "--jsonl", try cli.write("in.jsonl", lines.joined(separator: "\n"))])
        let merged = try await cli.run([
            "stats", "--type", "stepCount", "--from", "2025-10-01", "--to", "2025-10-02",
            "--tz", "Europe/Berlin", "--json",
        ])
        #expect(merged.status == 0, "\(merged.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["value"] as? Double == 1600)
        #expect(rows[0]["unit"] as? String == "count")
        #expect(rows[0]["start"] as? String == "2025-10-01T00:00:00+02:00")
        let split = try await cli.run([
            "stats", "--type", "stepCount", "--from", "2025-10-01", "--to", "2025-10-02",
            "--tz", "Europe/Berlin", "--by-source", "--json",
        ])
        let bySource = try #require(try JSONSerialization.jsonObject(with: Data(split.stdout.utf8)) as? [[String: Any]])
        #expect(bySource.compactMap { $0["value"] as? Double } == [1000, 1200])
        #expect(bySource.compactMap { ($0["source"] as? [String: Any])?["name"] as? String } == ["Wrist", "Phone"])
        let sleep = try await cli.run([
            "stats", "--type", "sleepAnalysis", "--from", "2025-10-01", "--to", "2025-10-02",
            "--tz", "Europe/Berlin", "--json",
        ])
        #expect(sleep.stdout.contains(#""unit":"min""#) && sleep.stdout.contains(#""value":120"#))
    }

    @Test("a bad line exits 65, names line and field, and stores nothing")
    func badBatch() async throws {
        let cli = try CLIRunner()
        _ = try await cli.run(["add", "--jsonl", try cli.write("first.jsonl", lines[0])])
        let bad = lines[1].replacingOccurrences(of: #""unit":"count""#, with: #""unit":"kg""#)
        let result = try await cli.run([
            "add", "--jsonl", try cli.write("bad.jsonl", [lines[2], bad].joined(separator: "\n")),
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("bad.jsonl") && result.stderr.contains("line 2")
                && result.stderr.contains("field 'unit'"))
        #expect(!result.stderr.contains("1200"))
        let types = try await cli.run(["types", "--json"])
        #expect(types.stdout.contains("StepCount") && !types.stdout.contains("SleepAnalysis"))
    }

    @Test("bad arguments give clear errors and distinct exit codes")
    func badArguments() async throws {
        let cli = try CLIRunner()
        let month = try await cli.run(["stats", "--type", "stepCount", "--from", "2025-13-01", "--to", "2025-10-02"])
        #expect(month.status == 64 && month.stderr.contains("--from"))
        let zone = try await cli.run(["samples", "--type", "stepCount", "--tz", "Mars/Base"])
        #expect(zone.status == 64 && zone.stderr.contains("Mars/Base"))
        let option = try await cli.run([
            "stats", "--type", "heartRate", "--from", "2025-10-01", "--to", "2025-10-02", "--option", "sum",
        ])
        #expect(option.status == 64 && option.stderr.contains("cumulative"))
        let missing = try await cli.run(["delete", UUID().uuidString])
        #expect(missing.status == 76)
        let unknown = try await cli.run([
            "log", "workout", "--start", "2025-10-01", "--end", "2025-10-01T01:00:00Z", "--activity", "juggling",
        ])
        #expect(unknown.status == 64 && unknown.stderr.contains("juggling"))
        let unopenable = try await cli.run(["types", "--db", "/proc/no-such-dir/store.sqlite"])
        #expect(unopenable.status == 69)
        let badLine = try await cli.run([
            "add", "--jsonl",
            try cli.write(
                "bad-date.jsonl",
                #"{"type":"stepCount","value":1,"unit":"count","start":"yesterday","source":{"name":"A","bundleIdentifier":"a"}}"#
            ),
        ])
        #expect(badLine.status == 65 && badLine.stderr.contains("line 1"))
    }

    @Test("log, changes and delete work together")
    func logAndChanges() async throws {
        let cli = try CLIRunner()
        let logged = try await cli.run([
            "log", "workout", "--start", "2025-10-01T18:00:00Z", "--end", "2025-10-01T18:30:00Z", "--json",
        ])
        #expect(logged.status == 0, "\(logged.stderr)")
        let workout = try #require(try JSONSerialization.jsonObject(with: Data(logged.stdout.utf8)) as? [String: Any])
        #expect(workout["activity"] as? String == "highIntensityIntervalTraining")
        let changes = try await cli.run(["changes", "--json"])
        let first = try #require(try JSONSerialization.jsonObject(with: Data(changes.stdout.utf8)) as? [String: Any])
        #expect((first["added"] as? [Any])?.count == 2)
        let anchor = try #require(first["anchor"] as? String)
        let uuid = try #require(workout["uuid"] as? String)
        #expect(try await cli.run(["delete", uuid]).status == 0)
        let later = try await cli.run(["changes", "--since", anchor, "--json"])
        let second = try #require(try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any])
        #expect((second["deleted"] as? [[String: Any]])?.first?["uuid"] as? String == uuid)
    }

    @Test("the demo runs and prints a weekly summary")
    func demo() async throws {
        let cli = try CLIRunner()
        let result = try await cli.run(["demo", "--tz", "America/New_York", "--weeks", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let weeks = try #require(summary["weeks"] as? [[String: Any]])
        #expect(weeks.count == 2)
        for week in weeks {
            let merged = try #require(week["steps"] as? Double)
            let added = try #require(week["stepsIfAdded"] as? Double)
            #expect(merged > 0 && merged < added)
        }
        // The text form says "1 day", never "1 days".
        let text = try await cli.run(["demo", "--tz", "America/New_York", "--weeks", "2"])
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Mindfulness streak") })
        let count = try #require(Int(line.split(separator: " ").dropLast().last ?? ""))
        #expect(line.hasSuffix(count == 1 ? " 1 day" : " \(count) days"), "\(line)")
    }

    @Test("import reads Health Auto Export JSON once; a bad file exits 65 naming the JSON path")
    func importHealthAutoExport() async throws {
        let cli = try CLIRunner()
        let fixtures = Fixtures.url("hae")
        let steps = fixtures.appendingPathComponent("steps_two_sources.json").path
        let first = try await cli.run(["import", steps, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains(#""added":4"#))
        let second = try await cli.run(["import", steps, "--json"])
        #expect(second.stdout.contains(#""added":0"#) && second.stdout.contains(#""alreadyPresent":4"#))
        let bad = try await cli.run(["import", fixtures.appendingPathComponent("bad_date.json").path])
        #expect(bad.status == 65 && bad.stderr.contains("data.metrics[1].data[2].date"))
    }
}
