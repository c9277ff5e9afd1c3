import Foundation
import MCP
import VitalsCore
import VitalsInsights

extension HealthToolbox {
    /// `streak`: the current run of days meeting a goal, as `vitals streak` counts it.
    static let streakTool = HealthTool(
        name: "streak",
        title: "Current streak",
        description: """
            The current streak of days meeting a goal, as `vitals streak` counts it: mindfulness and workout \
            need at least goal_minutes minutes a day (default 10); noalc counts days logged alcohol-free, and a \
            day not logged breaks it. Today counts once met; an unmet today does not break a streak through \
            yesterday. Every source counts unless app_only is true (then only samples this app wrote).
            """,
        inputSchema: Schema.object(
            [
                "activity": Schema.choice("What the streak is of.", TrackedActivity.allCases.map(\.rawValue)),
                "goal_minutes": Schema.number("Minutes a day needs (mindfulness and workout; default 10).", minimum: 0),
                "date": Schema.date("Count the streak as of this day's end or this instant (default: now)."),
                "app_only": Schema.boolean("Count only this app's own samples (default false)."),
            ], required: ["activity"]),
        run: { toolbox, arguments in try await toolbox.streak(arguments) })

    func streak(_ arguments: ToolArguments) async throws -> Value {
        let activity = try TrackedActivity(name: try arguments.required("activity"), field: "activity")
        let goal = try arguments.number("goal_minutes")
        let at: Date
        if let text = try arguments.string("date"), ISO8601.parse(text) == nil, let day = try arguments.day("date") {
            at = day.adding(days: 1).start(in: calendar).addingTimeInterval(-1)
        } else {
            at = try arguments.date("date") ?? now()
        }
        let sources: SourceFilter =
            try arguments.flag("app_only", default: false)
            ? .app(bundleIdentifier: Source.vitals.bundleIdentifier) : .all
        let counter: StreakCounter
        do throws(VitalsError) {
            counter = try StreakCounter(
                activity: activity, goalMinutes: goal,
                query: DailyActivityQuery(calendar: calendar, sources: sources))
        } catch {
            throw error.located(InputLocation(field: "goal_minutes"))
        }
        let streak = try await counter.streak(now: at, reader: reader)
        var answer: [String: Value] = [
            "activity": .string(activity.rawValue), "length": .int(streak.length), "unit": "days",
            "days": .array(streak.days.map { .string($0.description) }), "today": .string(streak.today.description),
            "todayCounted": .bool(streak.todayCounted), "goalMinutes": Self.number(streak.goalMinutes),
            "sourcesAreMixed": .bool(streak.sourcesAreMixed),
        ]
        if !streak.unreadableTypes.isEmpty {
            answer["note"] = .string(
                "reading \(streak.unreadableTypes.map(\.shortName).sorted().joined(separator: ", ")) "
                    + "is not allowed; the streak cannot be told")
        }
        return .object(answer)
    }
}
