import Foundation
import MCP
import VitalsCore
import VitalsInsights

extension HealthToolbox {
    /// `insights`: a day's insights with their working, as `vitals insights --json` prints them.
    static let insightsTool = HealthTool(
        name: "insights",
        title: "A day's insights",
        description: """
            The insights of one day, each with its working: the sleep score (0-100 from duration, bedtime \
            consistency and interruptions, Apple's weights) of the night that ended that morning, the overnight \
            vitals (heart rate, respiratory rate, wrist temperature, blood oxygen, sleep duration) against the \
            person's typical range from the 28 nights before, readiness (HRV, resting heart rate and sleep \
            efficiency as z-scores against 28 days), trends (a lasting change of a 90-day average against the year \
            before) and factor effects (alcohol, a workout from 19:00, mindful minutes against the next night's \
            sleep). A figure whose inputs are missing is {"missing": reason}, never a zero.
            """,
        inputSchema: Schema.object(["date": Schema.date("The day (default: today).")]),
        run: { toolbox, arguments in try await toolbox.insights(arguments) })

    func insights(_ arguments: ToolArguments) async throws -> Value {
        let day = try arguments.day("date") ?? today
        let insights = try await InsightsEngine(reader: reader, calendar: calendar).day(day)
        let zone = zone
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date, in: zone))
        }
        encoder.outputFormatting = .sortedKeys
        return try JSONDecoder().decode(Value.self, from: encoder.encode(insights))
    }
}
