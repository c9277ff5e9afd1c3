import ArgumentParser
import Foundation
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build a store from a built-in example and print a weekly summary.",
        discussion: """
            Four weeks from 29 September 2025 of two-source steps (iPhone and Apple Watch \
            overlapping), sleep stages, workouts, mindfulness and NoAlc entries, made the same \
            way every time. The store goes into a new temporary folder unless --db names a new file.

            With --dashboard it then serves the example's web dashboard on 127.0.0.1 as `vitals \
            dashboard` does, "today" being the example's last day, until Ctrl-C.
            """)

    @Option(
        name: .long,
        help: ArgumentHelp("Write the example store here (a file that does not exist yet).", valueName: "path"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp("IANA time zone the example lives in (default: the system zone).", valueName: "zone"))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp("How many weeks to generate (1-52).", valueName: "n"))
    var weeks = 4

    @Flag(name: .long, help: "Print the summary as JSON.")
    var json = false

    @Flag(name: .long, help: "Then serve the example's web dashboard on 127.0.0.1 until stopped.")
    var dashboard = false

    @OptionGroup var serving: DashboardServeOptions

    func validate() throws {
        guard (1...52).contains(weeks) else { throw ValidationError("--weeks must be between 1 and 52") }
    }

    func run() async throws {
        try await runReportingErrors {
            let zone = try tz.map { try TimeZone.iana($0) } ?? .current
            let calendar = Calendar.gregorian(in: zone)
            let path: String
            if let db {
                guard !FileManager.default.fileExists(atPath: db) else {
                    throw VitalsError(
                        .io, "the demo writes a new store; this file already exists", at: InputLocation(file: db))
                }
                path = db
            } else {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "vitals-demo-\(UUID().uuidString)")
                path = folder.appendingPathComponent("demo.sqlite").path
            }
            var configuration = SQLiteHealthStore.Configuration()
            configuration.appSource = DemoData.app
            configuration.calendar = calendar
            let store = try SQLiteHealthStore(path: path, configuration: configuration)
            let range = try await DemoData.populate(store, weeks: weeks, calendar: calendar)
            let weeksSummary = try await WeeklySummary.compute(store, range: range, calendar: calendar)
            let query = DailyActivityQuery(
                calendar: calendar, sources: .app(bundleIdentifier: DemoData.app.bundleIdentifier))
            let lastDay = range.end.addingTimeInterval(-1)
            let streak = try await StreakCounter(activity: .mindfulness, goalMinutes: 10, query: query)
                .streak(now: lastDay, store: store).length
            if json {
                Output.json(
                    [
                        "store": path,
                        "mindfulnessStreakDays": streak,
                        "weeks": weeksSummary.map { week -> [String: Any] in
                            [
                                "start": ISO8601.format(week.week.start, in: zone),
                                "end": ISO8601.format(week.week.end, in: zone),
                                "steps": week.steps.rounded(), "stepsIfAdded": week.stepsAdded.rounded(),
                                "sleepHoursPerNight": week.sleepHoursPerNight,
                                "workoutMinutes": week.workoutMinutes.rounded(),
                                "workoutKilocalories": week.workoutKilocalories.rounded(),
                                "mindfulMinutes": week.mindfulMinutes.rounded(),
                                "alcoholFreeDays": week.alcoholFreeDays,
                            ]
                        },
                    ] as [String: Any])
            } else {
                printSummary(weeksSummary, path: path, range: range, streak: streak, zone: zone)
            }
            if dashboard {
                var configuration = DashboardConfiguration()
                configuration.now = { lastDay }
                try await serving.serve(store, configuration: configuration)
            }
        }
    }

    /// The weekly table, the streak and where to look next.
    private func printSummary(
        _ weeksSummary: [WeeklySummary], path: String, range: DateRange, streak: Int, zone: TimeZone
    ) {
        let lastDay = range.end.addingTimeInterval(-1)
        let day = DateFormatter()
        day.dateFormat = "EEE d MMM"
        day.timeZone = zone
        print("Vitals demo: \(weeks) weeks in \(zone.identifier), stored in \(path)\n")
        Output.table(
            [
                "week", "steps (merged)", "steps if added", "sleep h/night", "workouts", "kcal", "mindful",
                "alcohol-free",
            ],
            weeksSummary.map { week in
                [
                    day.string(from: week.week.start),
                    Output.number(week.steps, digits: 0), Output.number(week.stepsAdded, digits: 0),
                    Output.number(week.sleepHoursPerNight, digits: 1),
                    "\(Output.number(week.workoutMinutes, digits: 0)) min",
                    Output.number(week.workoutKilocalories, digits: 0),
                    "\(Output.number(week.mindfulMinutes, digits: 0)) min", "\(week.alcoholFreeDays)/7",
                ]
            })
        print(
            "\nMindfulness streak (10 min a day) on \(day.string(from: lastDay)): \(streak) \(streak == 1 ? "day" : "days")"
        )
        print("Steps are merged the way Health does: where iPhone and Watch overlap, only the Watch counts.")
        print(
            "Explore it: vitals stats --db \(path) --type stepCount --from \(Self.dayText(range.start, zone)) --to \(Self.dayText(range.end, zone))"
        )
        if !dashboard {
            print("See it: vitals demo --dashboard (or vitals dashboard --db \(path) --tz \(zone.identifier))")
        }
    }

    static func dayText(_ date: Date, _ zone: TimeZone) -> String {
        String(ISO8601.format(date, in: zone).prefix(10))
    }
}
