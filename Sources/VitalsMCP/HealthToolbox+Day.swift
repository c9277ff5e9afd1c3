import Foundation
import MCP
import VitalsCore
import VitalsInsights

extension HealthToolbox {
    /// The figures a day summary gives, as the dashboard's Today page reads them.
    static let dayFigures: [(name: String, type: SampleType, option: StatisticsOptions)] = [
        ("steps", .stepCount, .sum), ("distance", .distanceWalkingRunning, .sum),
        ("activeEnergy", .activeEnergyBurned, .sum), ("restingEnergy", .basalEnergyBurned, .sum),
        ("exerciseMinutes", .appleExerciseTime, .sum), ("flightsClimbed", .flightsClimbed, .sum),
        ("mindfulMinutes", .mindfulSession, .duration), ("restingHeartRate", .restingHeartRate, .average),
        ("heartRate", .heartRate, .average), ("heartRateVariability", .heartRateVariabilitySDNN, .average),
        ("respiratoryRate", .respiratoryRate, .average), ("oxygenSaturation", .oxygenSaturation, .average),
        ("bodyMass", .bodyMass, .mostRecent), ("dietaryEnergy", .dietaryEnergyConsumed, .sum),
    ]

    /// `day_summary`: one day as the Today page shows it.
    static let daySummaryTool = HealthTool(
        name: "day_summary",
        title: "One day's summary",
        description: """
            One day's figures as Apple Health shows them (sources merged, not added): steps, distance, active and \
            resting energy, exercise minutes, stand hours, flights, mindful minutes, resting and average heart \
            rate, HRV, respiratory rate, oxygen saturation, weight, dietary energy; the night that ended that \
            morning (minutes asleep and in bed); the day's workouts; and the Activity rings' goals when known. \
            A figure the store has no samples for that day is null.
            """,
        inputSchema: Schema.object(["date": Schema.date("The day (default: today).")]),
        run: { toolbox, arguments in try await toolbox.daySummary(arguments) })

    func daySummary(_ arguments: ToolArguments) async throws -> Value {
        let day = try arguments.day("date") ?? today
        let range = day.range(in: calendar)
        var figures: [String: Value] = [:]
        var unreadable: Set<SampleType> = []
        for figure in Self.dayFigures {
            let (value, refused) = try await total(figure.type, figure.option, over: range)
            if refused { unreadable.insert(figure.type) }
            figures[figure.name] = .object([
                "value": Self.number(value), "unit": .string(Self.unit(of: figure.type, option: figure.option)),
                "statistic": .string(Self.name(of: figure.option)),
            ])
        }
        let summary = try await reader.activitySummaries(in: day...day).first
        let stand = try await reader.samples(
            of: .appleStandHour, matching: SamplePredicate(range, options: .strictStartDate))
        if stand.unreadableTypes.contains(.appleStandHour) { unreadable.insert(.appleStandHour) }
        let standHours = summary?.standHours ?? StandHours.count(stand.value, in: calendar)
        figures["standHours"] = .object(["value": Self.number(standHours), "unit": "count", "statistic": "sum"])
        let window = day.nightWindow(in: calendar)
        let asleep = try await total(.sleepAnalysis, .duration, over: window)
        let inBed = try await total(
            .sleepAnalysis, .duration, over: window, values: Set(SleepAnalysisValue.allCases.map(\.rawValue)))
        if asleep.refused { unreadable.insert(.sleepAnalysis) }
        let workouts = try await self.workouts(startingIn: range, limit: 100)
        var answer: [String: Value] = [
            "date": .string(day.description), "start": instant(range.start), "end": instant(range.end),
            "figures": .object(figures),
            "night": .object([
                "windowStart": instant(window.start), "windowEnd": instant(window.end),
                "asleepMinutes": Self.number(asleep.value), "inBedMinutes": Self.number(inBed.value),
            ]),
            "workouts": workouts.objectValue?["workouts"] ?? .array([]),
        ]
        if let summary { answer["activityRings"] = Self.rings(summary) }
        if !unreadable.isEmpty {
            answer["unreadable"] = .array(unreadable.map(\.shortName).sorted().map { .string($0) })
            answer["note"] = "some types may not be read; their figures are null"
        }
        if try await reader.sources(for: nil).isEmpty { answer["note"] = "the store holds no samples" }
        return .object(answer)
    }

    /// One statistic of `type` over `range` in one bucket, and whether the type was refused.
    func total(
        _ type: SampleType, _ option: StatisticsOptions, over range: DateRange, values: Set<Int>? = nil
    )
        async throws -> (value: Double?, refused: Bool)
    {
        let query = StatisticsQuery(
            type: type, range: range, interval: .day, anchor: range.start, calendar: calendar,
            options: option, categoryValues: values)
        let result = try await reader.statistics(query)
        return (result.value.first?.value(for: option), result.unreadableTypes.contains(type))
    }

    /// The Activity rings' figures and goals of a day's summary.
    static func rings(_ summary: ActivitySummary) -> Value {
        .object([
            "activeEnergy": number(summary.activeEnergyBurned),
            "activeEnergyGoal": number(summary.activeEnergyBurnedGoal),
            "activeEnergyUnit": .string(summary.activeEnergyBurnedUnit ?? "kcal"),
            "moveMinutes": number(summary.moveTime), "moveMinutesGoal": number(summary.moveTimeGoal),
            "exerciseMinutes": number(summary.exerciseTime), "exerciseGoal": number(summary.exerciseTimeGoal),
            "standHours": number(summary.standHours), "standGoal": number(summary.standHoursGoal),
        ])
    }
}
