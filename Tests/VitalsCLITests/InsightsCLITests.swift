import Foundation
import Testing

@Suite("vitals calendar, streak and reminders")
struct InsightsCLITests {
    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// Logs mindfulness on 1-3 Oct 2025 (15 min), a workout on 2 Oct and NoAlc levels 0, 0, 4 (Berlin).
    func populated() async throws -> CLIRunner {
        let cli = try CLIRunner()
        for day in 1...3 {
            let mindful = try await cli.run([
                "log", "mindfulness", "--tz", "Europe/Berlin",
                "--start", "2025-10-0\(day)T07:00:00+02:00", "--end", "2025-10-0\(day)T07:15:00+02:00",
            ])
            #expect(mindful.status == 0, "\(mindful.stderr)")
            let alcohol = try await cli.run([
                "log", "alcohol", "--tz", "Europe/Berlin", "--level", day == 3 ? "moderate" : "none",
                "--date", "2025-10-0\(day)",
            ])
            #expect(alcohol.status == 0, "\(alcohol.stderr)")
        }
        _ = try await cli.run([
            "log", "workout", "--start", "2025-10-02T18:00:00+02:00", "--end", "2025-10-02T18:40:00+02:00",
        ])
        return cli
    }

    @Test("calendar prints a month grid with marks, and --json the same days")
    func calendar() async throws {
        let cli = try await populated()
        let text = try await cli.run(["calendar", "--month", "2025-10", "--tz", "Europe/Berlin"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("October 2025 · Europe/Berlin · goal 10 min · this app's samples"))
        #expect(lines[1].hasPrefix("Mon"))
        // 1 Oct 2025 is a Wednesday: two empty cells, then the marks.
        #expect(lines[2] == String(repeating: " ", count: 14) + " 1 M-0  2 MW0  3 M-4  4 ---  5 ---")
        let result = try await cli.run(["calendar", "--month", "2025-10", "--tz", "Europe/Berlin", "--json"])
        let month = try #require(try json(result.stdout) as? [String: Any])
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.count == 31 && month["start"] as? String == "2025-10-01T00:00:00+02:00")
        #expect(month["end"] as? String == "2025-11-01T00:00:00+01:00")
        #expect(days[1]["met"] as? [String] == ["mindfulness", "workout", "noalc"])
        #expect(days[1]["workoutMinutes"] as? Double == 40 && days[2]["noAlc"] as? Int == 4)
        #expect(days[3]["noAlc"] is NSNull && month["sourcesAreMixed"] as? Bool == false)
        let mixed = try await cli.run(["calendar", "--month", "2025-10", "--tz", "Europe/Berlin", "--all-sources"])
        #expect(mixed.stdout.contains("all sources (mixed)"))
    }

    @Test("streak counts as the calendar shows, for each activity")
    func streak() async throws {
        let cli = try await populated()
        let mindful = try await cli.run([
            "streak", "mindfulness", "--tz", "Europe/Berlin", "--at", "2025-10-04T09:00:00+02:00", "--json",
        ])
        #expect(mindful.status == 0, "\(mindful.stderr)")
        let value = try #require(try json(mindful.stdout) as? [String: Any])
        #expect(value["length"] as? Int == 3 && value["todayCounted"] as? Bool == false)
        #expect(value["days"] as? [String] == ["2025-10-03", "2025-10-02", "2025-10-01"])
        let goal = try await cli.run([
            "streak", "mindfulness", "--tz", "Europe/Berlin", "--at", "2025-10-03T21:00:00+02:00",
            "--goal-minutes", "20",
        ])
        #expect(goal.status == 0 && goal.stdout.hasPrefix("mindfulness streak: 0 days (goal 20 min a day"))
        let noAlc = try await cli.run(["streak", "noalc", "--tz", "Europe/Berlin", "--at", "2025-10-02T21:00:00+02:00"])
        #expect(noAlc.stdout.hasPrefix("noalc streak: 2 days (alcohol-free days; today counted"))
        let broken = try await cli.run([
            "streak", "noalc", "--tz", "Europe/Berlin", "--at", "2025-10-03T21:00:00+02:00", "--json",
        ])
        #expect((try json(broken.stdout) as? [String: Any])?["length"] as? Int == 0)
        let workout = try await cli.run([
            "streak", "workout", "--tz", "Europe/Berlin", "--at", "2025-10-02T21:00:00+02:00", "--json",
        ])
        #expect((try json(workout.stdout) as? [String: Any])?["length"] as? Int == 1)
    }

    @Test("bad input: clear errors naming the field, exit 64, nothing changed")
    func badInput() async throws {
        let cli = try CLIRunner()
        let month = try await cli.run(["calendar", "--month", "2025-13"])
        #expect(month.status == 64 && month.stderr.contains("--month") && month.stderr.contains("2025-13"))
        let goal = try await cli.run(["streak", "mindfulness", "--goal-minutes", "0"])
        #expect(goal.status == 64 && goal.stderr.contains("--goal-minutes"))
        let negative = try await cli.run(["calendar", "--goal-minutes=-5"])
        #expect(negative.status == 64 && negative.stderr.contains("--goal-minutes"))
        let noAlcGoal = try await cli.run(["streak", "noalc", "--goal-minutes", "5"])
        #expect(noAlcGoal.status == 64 && noAlcGoal.stderr.contains("--goal-minutes"))
        let activity = try await cli.run(["streak", "running"])
        #expect(activity.status == 64 && activity.stderr.contains("<activity>") && activity.stderr.contains("running"))
        let reminder = try await cli.run(["reminders", "add", "--activity", "yoga", "--from", "18:00", "--to", "20:00"])
        #expect(reminder.status == 64 && reminder.stderr.contains("--activity"))
        let window = try await cli.run([
            "reminders", "add", "--activity", "workout", "--from", "20:00", "--to", "18:00",
        ])
        #expect(window.status == 64 && window.stderr.contains("--to"))
        let time = try await cli.run(["reminders", "add", "--activity", "workout", "--from", "25:00", "--to", "26:00"])
        #expect(time.status == 64 && time.stderr.contains("--from"))
        let days = try await cli.run([
            "reminders", "add", "--activity", "workout", "--from", "08:00", "--to", "09:00", "--days", "mon,someday",
        ])
        #expect(days.status == 64 && days.stderr.contains("--days"))
        // Nothing was stored (the store was never even created by the rejected commands).
        #expect(!FileManager.default.fileExists(atPath: cli.database))
        let list = try await cli.run(["reminders", "list", "--json"])
        #expect(list.status == 0)
        #expect((try json(list.stdout) as? [Any])?.isEmpty == true)
    }

    @Test("logging through the CLI cancels today's reminders for that activity only")
    func remindersCancelledByLog() async throws {
        let cli = try CLIRunner()
        for activity in ["mindfulness", "workout"] {
            let added = try await cli.run([
                "reminders", "add", "--tz", "UTC", "--activity", activity, "--from", "00:00", "--to", "24:00", "--json",
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let due = try await cli.run(["reminders", "due", "--tz", "UTC", "--json"])
        #expect(
            (try json(due.stdout) as? [[String: Any]])?.compactMap { $0["activity"] as? String } == [
                "mindfulness", "workout",
            ])
        let now = Date()
        let formatter = ISO8601DateFormatter()
        let logged = try await cli.run([
            "log", "mindfulness", "--tz", "UTC", "--start", formatter.string(from: now.addingTimeInterval(-61)),
            "--end", formatter.string(from: now.addingTimeInterval(-1)),
        ])
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(logged.stderr.contains("cancelled today's reminder mindfulness 00:00-24:00"))
        let list = try await cli.run(["reminders", "list", "--tz", "UTC", "--json"])
        let statuses = try #require(try json(list.stdout) as? [[String: Any]])
        #expect(statuses.map { "\($0["activity"]!)=\($0["status"]!)" } == ["mindfulness=cancelled", "workout=pending"])
        let tomorrow = try await cli.run([
            "reminders", "list", "--tz", "UTC", "--json", "--date",
            formatter.string(from: now.addingTimeInterval(86_400)),
        ])
        #expect(tomorrow.stdout.contains(#""status":"pending""#) && !tomorrow.stdout.contains("cancelled"))
        let delivered = try await cli.run(["reminders", "due", "--tz", "UTC", "--deliver"])
        #expect(delivered.status == 0 && delivered.stdout.contains("workout 00:00-24:00 daily: delivered"))
        let after = try await cli.run(["reminders", "due", "--tz", "UTC"])
        #expect(after.stdout == "nothing due\n")
    }
}
