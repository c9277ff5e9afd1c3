import Foundation
import MCP
import VitalsCore
import VitalsInsights

extension HealthToolbox {
    /// The most nights one call answers.
    static let maximumNights = 400

    /// `sleep_nights`: each night's sleep, as Health's Sleep page counts it.
    static let sleepNightsTool = HealthTool(
        name: "sleep_nights",
        title: "Sleep per night",
        description: """
            Sleep per night for the nights ending on the days from..to (a night is noon the day before to noon): \
            minutes asleep (the union of the asleep stages of every source, so a watch and a sleep app are not \
            added), minutes in bed (the union of every sleep interval), and minutes per stage (core, deep, REM, \
            awake, unspecified asleep, in bed), with the first and last sleep sample's times. Nights without \
            sleep data are listed with null values.
            """,
        inputSchema: Schema.object(
            [
                "from": Schema.date("The day the first night ends on."),
                "to": Schema.date("The day the last night ends on (inclusive; default: from)."),
            ], required: ["from"]),
        run: { toolbox, arguments in try await toolbox.sleepNights(arguments) })

    func sleepNights(_ arguments: ToolArguments) async throws -> Value {
        guard let first = try arguments.day("from") else {
            throw VitalsError(.invalidInput, "is required", at: InputLocation(field: "from"))
        }
        let last = try arguments.day("to") ?? first
        guard first <= last else {
            throw VitalsError(.invalidDateRange, "is before from", at: InputLocation(field: "to"))
        }
        guard first.days(to: last) < Self.maximumNights else {
            throw VitalsError(
                .invalidInput, "spans more than \(Self.maximumNights) nights", at: InputLocation(field: "to"))
        }
        let window = DateRange(
            clampingStart: first.nightWindow(in: calendar).start, end: last.nightWindow(in: calendar).end)
        let asleep = try await nightly(window, values: nil)
        if asleep.unreadable, let absence = try await absence(of: .sleepAnalysis, unreadable: [.sleepAnalysis]) {
            return .object(["nights": .array([]), "note": absence])
        }
        let inBed = try await nightly(window, values: Set(SleepAnalysisValue.allCases.map(\.rawValue)))
        var stages: [(SleepAnalysisValue, [Double?])] = []
        for stage in SleepAnalysisValue.allCases {
            stages.append((stage, try await nightly(window, values: [stage.rawValue]).minutes))
        }
        let samples = try await reader.samples(of: .sleepAnalysis, matching: SamplePredicate(window)).value
        var nights: [Value] = []
        for (index, night) in (0...first.days(to: last)).map({ first.adding(days: $0) }).enumerated() {
            let bounds = night.nightWindow(in: calendar)
            let inNight = samples.filter { $0.end > bounds.start && $0.start < bounds.end }
            var object: [String: Value] = [
                "night": .string(night.description), "windowStart": instant(bounds.start),
                "windowEnd": instant(bounds.end),
                "asleepMinutes": Self.number(asleep.minutes[safe: index] ?? nil),
                "inBedMinutes": Self.number(inBed.minutes[safe: index] ?? nil),
                "stageMinutes": .object(
                    Dictionary(
                        uniqueKeysWithValues: stages.map {
                            ($0.0.name, Self.number($0.1[safe: index] ?? nil))
                        })),
            ]
            if let start = inNight.map(\.start).min(), let end = inNight.map(\.end).max() {
                object["firstSampleStart"] = instant(max(start, bounds.start))
                object["lastSampleEnd"] = instant(min(end, bounds.end))
            }
            nights.append(.object(object))
        }
        var answer: [String: Value] = ["unit": "min", "nights": .array(nights)]
        if asleep.minutes.allSatisfy({ $0 == nil }), let absence = try await absence(of: .sleepAnalysis, unreadable: [])
        {
            answer["note"] = absence
        }
        return .object(answer)
    }

    /// Minutes of sleep with `values` (the asleep stages when nil) per noon-to-noon day of `window`.
    private func nightly(_ window: DateRange, values: Set<Int>?) async throws -> (minutes: [Double?], unreadable: Bool)
    {
        let query = StatisticsQuery(
            type: .sleepAnalysis, range: window, interval: .day, anchor: window.start,
            calendar: calendar, options: .duration, categoryValues: values)
        let result = try await reader.statistics(query)
        return (result.value.map(\.duration), result.unreadableTypes.contains(.sleepAnalysis))
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
