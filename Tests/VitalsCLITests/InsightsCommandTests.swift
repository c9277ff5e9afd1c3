import Foundation
import Testing

@Suite("vitals weight, nutrition, edit, workouts, meals")
struct InsightsCommandTests {
    static let phone = #""source":{"name":"iPhone","bundleIdentifier":"com.apple.health.phone"}"#
    static let watch = #""source":{"name":"Apple Watch","bundleIdentifier":"com.apple.health.watch"}"#
    static let external = [
        #"{"type":"bodyMass","value":81.5,"unit":"kg","start":"2025-10-14T08:00:00+02:00",\#(phone)}"#,
        #"{"type":"food","start":"2025-10-14T12:30:00+02:00",\#(phone),"members":[{"type":"dietaryEnergyConsumed","value":650,"unit":"kcal","start":"2025-10-14T12:30:00+02:00",\#(phone)},{"type":"dietaryProtein","value":30,"unit":"g","start":"2025-10-14T12:30:00+02:00",\#(phone)}]}"#,
        #"{"type":"dietaryEnergyConsumed","value":400,"unit":"kcal","start":"2025-10-14T07:30:00+02:00",\#(phone)}"#,
        #"{"type":"dietaryEnergyConsumed","value":100,"unit":"kcal","start":"2025-10-14T09:59:00+02:00",\#(phone)}"#,
        #"{"type":"dietaryEnergyConsumed","value":80,"unit":"kcal","start":"2025-10-14T10:00:00+02:00",\#(phone)}"#,
        #"{"type":"basalEnergyBurned","value":1600,"unit":"kcal","start":"2025-10-14T00:00:00+02:00","end":"2025-10-14T23:00:00+02:00",\#(watch)}"#,
        #"{"type":"workout","activity":"yoga","start":"2025-10-14T18:00:00+02:00","end":"2025-10-14T18:45:00+02:00",\#(watch),"associated":[{"type":"activeEnergyBurned","value":150,"unit":"kcal","start":"2025-10-14T18:00:00+02:00","end":"2025-10-14T18:45:00+02:00",\#(watch)}]}"#,
        #"{"type":"workout","activity":"running","start":"2025-10-15T07:00:00+02:00","end":"2025-10-15T07:30:00+02:00",\#(watch)}"#,
    ]

    func seeded() async throws -> CLIRunner {
        let cli = try CLIRunner()
        let added = try await cli.run([
            "add", "--jsonl", try cli.write("seed.jsonl", Self.external.joined(separator: "\n")),
        ])
        #expect(added.status == 0, "\(added.stderr)")
        return cli
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    func weights(_ cli: CLIRunner) async throws -> [[String: Any]] {
        let list = try await cli.run(["weight", "--json", "--tz", "Europe/Berlin"])
        #expect(list.status == 0, "\(list.stderr)")
        return try #require(try json(list.stdout) as? [[String: Any]])
    }

    @Test("weight add and list: local and external records, base unit kg, display in --unit")
    func weightAddAndList() async throws {
        let cli = try await seeded()
        let added = try await cli.run([
            "weight", "add", "--value", "176.37", "--unit", "lb",
            "--date", "2025-10-14T07:00:00+02:00", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let list = try await cli.run(["weight", "list", "--unit", "lb", "--json", "--tz", "Europe/Berlin"])
        let rows = try #require(try json(list.stdout) as? [[String: Any]])
        #expect(rows.map { $0["origin"] as? String } == ["local", "external"])
        #expect(rows.map { $0["editable"] as? Bool } == [true, false])
        #expect(rows.map { $0["unit"] as? String } == ["kg", "kg"])
        #expect(abs((rows[0]["value"] as? Double ?? 0) - 80) < 0.01)
        #expect(((rows[1]["display"] as? [String: Any])?["unit"] as? String) == "lb")
        let text = try await cli.run(["weight", "--tz", "Europe/Berlin"])
        #expect(text.status == 0 && text.stdout.contains("iPhone (external)") && text.stdout.contains("Vitals (local)"))
    }

    @Test("edit: a local weight changes; invalid values exit 64 naming the flag and change nothing")
    func editLocal() async throws {
        let cli = try await seeded()
        _ = try await cli.run(["weight", "add", "--value", "80", "--date", "2025-10-14T07:00:00+02:00"])
        let local = try #require(try await weights(cli).first { $0["origin"] as? String == "local" })
        let id = try #require(local["id"] as? String)
        for (arguments, flag) in [
            (["--value", "0"], "--value"), (["--value", "700"], "--value"),
            (["--value", "-2"], "--value"), (["--protein", "5"], "--protein"),
            (["--end", "2025-10-14T06:00:00+02:00"], "--end"),
            (["--start", "2025-13-40"], "--start"),
        ] {
            let bad = try await cli.run(["edit", id] + arguments)
            #expect(bad.status == 64, "\(arguments): \(bad.stderr)")
            #expect(bad.stderr.contains(flag), "\(arguments): \(bad.stderr)")
            #expect(!bad.stderr.contains("80"))
        }
        #expect(try await weights(cli).compactMap { $0["id"] as? String }.contains(id))
        let edited = try await cli.run(["edit", id, "--value", "79.5", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let object = try #require(try json(edited.stdout) as? [String: Any])
        #expect(object["replaces"] as? String == id && object["value"] as? Double == 79.5)
        let after = try await weights(cli)
        #expect(after.count == 2 && !after.contains { $0["id"] as? String == id })
        let deleted = try await cli.run(["edit", try #require(object["id"] as? String), "--delete"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try await weights(cli).count == 1)
    }

    @Test("edit of an external record exits 65 (read-only source); unknown UUIDs 76; no change exits 64")
    func editExternal() async throws {
        let cli = try await seeded()
        let external = try #require(try await weights(cli).first)
        let id = try #require(external["id"] as? String)
        let result = try await cli.run(["edit", id, "--value", "70"])
        #expect(result.status == 65 && result.stderr.contains("read-only source"), "\(result.stderr)")
        let delete = try await cli.run(["edit", id, "--delete"])
        #expect(delete.status == 65)
        #expect(try await weights(cli).first?["value"] as? Double == 81.5)
        let missing = try await cli.run(["edit", UUID().uuidString, "--value", "70"])
        #expect(missing.status == 76)
        let nothing = try await cli.run(["edit", id])
        #expect(nothing.status == 64)
        let notUUID = try await cli.run(["edit", "nope", "--value", "70"])
        #expect(notUUID.status == 64)
    }

    @Test("edit --clear removes a meal's macro: gone from the record and the day's nutrition; a contradiction exits 64")
    func editClearsMacros() async throws {
        let cli = try await seeded()
        let app = #""source":{"name":"Vitals","bundleIdentifier":"dev.vitals.cli"}"#,
            at = #""start":"2025-10-14T19:00:00+02:00""#
        let meal =
            #"{"type":"food",\#(at),\#(app),"members":[{"type":"dietaryEnergyConsumed","value":500,"unit":"kcal",\#(at),\#(app)},"#
            + #"{"type":"dietaryProtein","value":25,"unit":"g",\#(at),\#(app)},{"type":"dietaryFatTotal","value":12,"unit":"g",\#(at),\#(app)}]}"#
        #expect(try await cli.run(["add", "--jsonl", try cli.write("meal.jsonl", meal)]).status == 0)
        func local() async throws -> [String: Any]? {
            let day = try await cli.run(["nutrition", "--date", "2025-10-14", "--tz", "Europe/Berlin", "--json"])
            let dietary = (try json(day.stdout) as? [String: Any])?["dietary"] as? [[String: Any]]
            return dietary?.first { $0["origin"] as? String == "local" }
        }
        let id = try #require(try await local()?["id"] as? String)
        for (arguments, flag) in [(["--clear", "sugar"], "--clear"), (["--clear", "fat", "--fat", "3"], "--fat")] {
            let bad = try await cli.run(["edit", id] + arguments)
            #expect(bad.status == 64 && bad.stderr.contains(flag), "\(arguments): \(bad.stderr)")
        }
        let edited = try await cli.run(["edit", id, "--clear", "fat", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let record = try #require(try await local())
        #expect(record["protein"] as? Double == 25 && record["fat"] is NSNull, "\(record)")
        #expect(try await cli.run(["edit", try #require(record["id"] as? String), "--clear", "protein"]).status == 0)
        let plain = try #require(try await local())
        #expect(plain["protein"] is NSNull && plain["fat"] is NSNull && plain["value"] as? Double == 500, "\(plain)")
    }

    @Test("nutrition --date: dietary records with macros or null, resting and active energy, totals")
    func nutrition() async throws {
        let cli = try await seeded()
        let result = try await cli.run(["nutrition", "--date", "2025-10-14", "--tz", "Europe/Berlin", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try json(result.stdout) as? [String: Any])
        let dietary = try #require(object["dietary"] as? [[String: Any]])
        #expect(dietary.map { $0["value"] as? Double } == [400, 100, 80, 650])
        #expect(dietary.last?["protein"] as? Double == 30 && dietary.first?["protein"] is NSNull)
        let active = try #require(object["active"] as? [[String: Any]])
        #expect(active.first?["workoutType"] as? String == "yoga" && active.first?["durationMinutes"] as? Double == 45)
        let totals = try #require(object["totals"] as? [String: Double])
        #expect(totals == ["consumed": 1230, "resting": 1600, "active": 150])
        let bad = try await cli.run(["nutrition", "--date", "2025-02-30"])
        #expect(bad.status == 64 && bad.stderr.contains("--date") && bad.stderr.contains("2025-02-30"))
        let unit = try await cli.run(["nutrition", "--date", "2025-10-14", "--unit", "kg"])
        #expect(unit.status == 64 && unit.stderr.contains("--unit"))
    }

    @Test(
        "Seed 004 round trip on the command line: --ingest stores, a later run lists, re-ingest adds nothing, ids stable"
    )
    func ingestAcrossRuns() async throws {
        let cli = try await seeded()
        let arguments = ["workouts", "--from", "2025-10-14", "--to", "2025-10-16", "--tz", "Europe/Berlin", "--json"]
        let before = try #require(try json(try await cli.run(arguments).stdout) as? [String: Any])
        #expect((before["sessions"] as? [Any])?.isEmpty == true && before["lastSync"] is NSNull)
        let preview = try await cli.run(arguments + ["--preview"])
        #expect(preview.status == 0, "\(preview.stderr)")
        let sessions = try #require((try json(preview.stdout) as? [String: Any])?["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["template"] as? String } == ["mobility", "cardio"])
        let first = try await cli.run(arguments + ["--ingest"])
        let ingested = try #require((try json(first.stdout) as? [String: Any])?["sessions"] as? [[String: Any]])
        #expect(ingested.count == 2)
        let second = try await cli.run(arguments + ["--ingest"])
        let again = try #require(try json(second.stdout) as? [String: Any])
        #expect((again["sessions"] as? [Any])?.isEmpty == true && (again["alreadyIngested"] as? [Any])?.count == 2)
        let listed = try #require(
            try json(try await cli.run(["workouts", "--tz", "Europe/Berlin", "--json"]).stdout) as? [String: Any])
        let stored = try #require(listed["sessions"] as? [[String: Any]])
        #expect(stored.map { $0["id"] as? String } == ingested.map { $0["id"] as? String })
        #expect(stored.map { $0["id"] as? String } == sessions.map { $0["id"] as? String })
        #expect(listed["lastSync"] is String)
        let text = try await cli.run(["workouts", "--tz", "Europe/Berlin"])
        #expect(text.status == 0 && text.stdout.contains("mobility") && text.stdout.contains("last sync: 20"))

        let meals = ["meals", "--date", "2025-10-14", "--tz", "Europe/Berlin", "--json"]
        let grouped = try await cli.run(meals + ["--preview"])
        #expect(grouped.status == 0, "\(grouped.stderr)")
        let list = try #require((try json(grouped.stdout) as? [String: Any])?["meals"] as? [[String: Any]])
        #expect(list.map { $0["mealType"] as? String } == ["breakfast", "lunch", "snack"])
        #expect(list.map { $0["kilocalories"] as? Double } == [500, 650, 80])
        #expect(list.map { $0["sampleCount"] as? Int } == [2, 1, 1])
        #expect(try await cli.run(meals + ["--ingest"]).status == 0)
        let rerun = try await cli.run(meals + ["--ingest"])
        #expect(((try json(rerun.stdout) as? [String: Any])?["meals"] as? [Any])?.isEmpty == true)
        let storedMeals = try #require(
            (try json(try await cli.run(meals).stdout) as? [String: Any])?["meals"] as? [[String: Any]])
        #expect(storedMeals.map { $0["id"] as? String } == list.map { $0["id"] as? String })
        #expect(storedMeals.map { $0["kilocalories"] as? Double } == [500, 650, 80])
        #expect(storedMeals.allSatisfy { $0["source"] as? String == "healthkit" })
        let needsDate = try await cli.run(["meals", "--ingest"])
        #expect(needsDate.status == 64 && needsDate.stderr.contains("--date"))
    }

    @Test("workouts and meals: bad dates and ranges exit 64 naming the flag")
    func badInput() async throws {
        let cli = try CLIRunner()
        let month = try await cli.run(["meals", "--date", "2025-13-01"])
        #expect(month.status == 64 && month.stderr.contains("--date"))
        let from = try await cli.run(["workouts", "--from", "yesterday", "--to", "2025-10-01"])
        #expect(from.status == 64 && from.stderr.contains("--from"))
        let backwards = try await cli.run(["workouts", "--from", "2025-10-02", "--to", "2025-10-01"])
        #expect(backwards.status == 64 && backwards.stderr.contains("--to"))
        let weight = try await cli.run(["weight", "add", "--value", "0"])
        #expect(weight.status == 64 && weight.stderr.contains("--value"))
        #expect(try await cli.run(["weight", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
