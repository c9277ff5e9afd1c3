import Foundation
import MCP
import VitalsCore
import VitalsInsights

extension HealthToolbox {
    /// `workouts`: the workouts that start in a range.
    static let workoutsTool = HealthTool(
        name: "workouts",
        title: "Workouts",
        description: """
            The workouts that start in [from, to), oldest first: activity, start, end, minutes, active energy \
            (kcal) and distance (m) where recorded, and the source. At most `limit` (default 100); a longer \
            list says how many were left out.
            """,
        inputSchema: Schema.object(
            [
                "from": Schema.date("Inclusive start."),
                "to": Schema.date("Exclusive end."),
                "limit": Schema.integer("At most this many workouts (default 100).", in: 1...1_000),
            ], required: ["from", "to"]),
        run: { toolbox, arguments in try await toolbox.workouts(arguments) })

    func workouts(_ arguments: ToolArguments) async throws -> Value {
        try await workouts(
            startingIn: try arguments.range(), limit: try arguments.integer("limit", default: 100, in: 1...1_000))
    }

    /// The workouts that start in `range`, at most `limit` of them listed.
    func workouts(startingIn range: DateRange, limit: Int) async throws -> Value {
        let result = try await reader.samples(of: .workout, matching: SamplePredicate(range, options: .strictStartDate))
        let workouts = result.value.sorted { $0.start < $1.start }
        let rows: [Value] = workouts.prefix(limit).compactMap { sample in
            guard let session = WorkoutSession(workout: sample) else { return nil }
            return .object([
                "activity": .string(session.activity.name), "start": instant(session.start),
                "end": instant(session.end),
                "minutes": Self.number(session.durationMinutes),
                "activeEnergyKcal": Self.number(session.activeKilocalories),
                "distanceMeters": Self.number(session.distanceMeters), "source": .string(session.source.name),
                "uuid": .string(sample.uuid.uuidString),
            ])
        }
        var answer: [String: Value] = ["count": .int(workouts.count), "workouts": .array(rows)]
        if workouts.count > limit { answer["leftOut"] = .int(workouts.count - limit) }
        if workouts.isEmpty, let absence = try await absence(of: .workout, unreadable: result.unreadableTypes) {
            answer["note"] = absence
        }
        return .object(answer)
    }
}
