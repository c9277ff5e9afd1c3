import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

struct StreakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak",
        abstract: "Print the current streak of days meeting a goal: mindfulness, workout or noalc.",
        discussion: """
            mindfulness and workout: days with at least --goal-minutes minutes (default 10). noalc: \
            days logged alcohol-free (level 0); an unlogged day breaks it. Today counts once met; an \
            unmet today does not break a streak through yesterday. Days are local days in --tz, and \
            only this app's samples count unless --all-sources is given. Exit 77 when the store may \
            not read the activity's type.
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("mindfulness, workout or noalc.", valueName: "activity"))
    var activity: String
    @Option(
        name: .long, help: ArgumentHelp("Minutes a day needs (mindfulness and workout; default 10).", valueName: "n"))
    var goalMinutes: Double?
    @Option(
        name: .long, help: ArgumentHelp("Compute the streak as of this date or time instead of now.", valueName: "date")
    )
    var at: String?
    @Flag(
        name: .long, help: "Count samples from every source, not only this app's (the output says sources are mixed).")
    var allSources = false
    @Flag(name: .long, help: "Print the streak as JSON.")
    var json = false

    func validate() throws {
        _ = try InsightsArguments.activity(activity, argument: "<activity>")
    }

    func run() async throws {
        try await runReportingErrors {
            let tracked = try InsightsArguments.activity(activity, argument: "<activity>")
            let calendar = try store.calendar()
            let now = try at.map { try store.date($0, option: "--at") } ?? Date()
            let query = InsightsArguments.query(calendar: calendar, allSources: allSources)
            let counter = try InsightsArguments.located("--goal-minutes") {
                try StreakCounter(activity: tracked, goalMinutes: goalMinutes, query: query)
            }
            let database = try store.open()
            let streak = try await counter.streak(now: now, store: database)
            if json {
                Output.json(Self.json(streak))
            } else {
                print(Self.text(streak))
            }
            InsightsArguments.warn(unreadable: streak.unreadableTypes, stale: streak.staleBecause)
            if !streak.unreadableTypes.isEmpty {
                throw VitalsError(
                    .authorizationDenied, "reading \(InsightsArguments.names(streak.unreadableTypes)) is not allowed")
            }
        }
    }

    static func json(_ streak: Streak) -> [String: Any] {
        [
            "activity": streak.activity.rawValue, "length": streak.length, "days": streak.days.map(\.description),
            "today": streak.today.description, "todayCounted": streak.todayCounted,
            "goalMinutes": streak.goalMinutes.map { $0 as Any } ?? NSNull(), "sourcesAreMixed": streak.sourcesAreMixed,
            "unreadableTypes": streak.unreadableTypes.map(\.shortName).sorted(), "stale": streak.staleBecause != nil,
        ]
    }

    static func text(_ streak: Streak) -> String {
        let unit = streak.length == 1 ? "day" : "days"
        let rule = streak.goalMinutes.map { "goal \(Output.number($0)) min a day" } ?? "alcohol-free days"
        let today = streak.todayCounted ? "today counted" : "today not met yet"
        let scope = streak.sourcesAreMixed ? "all sources (mixed)" : "this app's samples"
        var text = "\(streak.activity) streak: \(streak.length) \(unit) (\(rule); \(today); \(scope))"
        if let first = streak.days.last, let last = streak.days.first { text += "\nfrom \(first) to \(last)" }
        return text
    }
}
