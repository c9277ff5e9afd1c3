import Foundation
import MCP
import VitalsCore

extension HealthToolbox {
    /// The most buckets one statistics call answers (a year of hours).
    static let maximumBuckets = 9_000

    /// `statistics`: the figure `vitals stats` prints.
    static let statisticsTool = HealthTool(
        name: "statistics", title: "Statistics of a type",
        description: """
            Statistics of one type per hour, day, week (Monday first) or month over [from, to), exactly as Apple \
            Health counts them: overlapping sources (iPhone and Watch) are merged by priority, not added; \
            averages are arithmetic or time-weighted by the type; duration is the time covered by category \
            samples (for sleep, the union of asleep stages). The default option is sum for cumulative types \
            (steps, energy), average for discrete ones (heart rate, weight) and duration for categories. \
            by_source adds each source's own value. Buckets with no samples have value null.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type(),
                "from": Schema.date("Inclusive start."),
                "to": Schema.date("Exclusive end."),
                "interval": Schema.choice("Bucket length (default day).", ["hour", "day", "week", "month", "year"]),
                "option": Schema.choice("Which statistic (default by type).", optionNames.map(\.0)),
                "by_source": Schema.boolean("Also give each source's own value per bucket (default false)."),
            ], required: ["type", "from", "to"]),
        run: { toolbox, arguments in try await toolbox.statistics(arguments) })

    func statistics(_ arguments: ToolArguments) async throws -> Value {
        let type = try arguments.type()
        let range = try arguments.range()
        let interval =
            CalendarPeriod(
                rawValue: try arguments.choice(
                    "interval", ["hour", "day", "week", "month", "year"],
                    default: "day") ?? "day") ?? .day
        let option =
            try arguments.choice("option", Self.optionNames.map(\.0)).flatMap { name in
                Self.optionNames.first { $0.0 == name }?.1
            } ?? type.defaultStatistic
        let bySource = try arguments.flag("by_source", default: false)
        let buckets = range.end.timeIntervalSince(range.start) / interval.approximateSeconds
        guard buckets <= Double(Self.maximumBuckets) else {
            throw VitalsError(
                .invalidInput,
                "asks for about \(Int(buckets)) buckets; at most \(Self.maximumBuckets) "
                    + "fit one answer: a longer interval or a shorter range", at: InputLocation(field: "to"))
        }
        var options = option
        if bySource { options.insert(.separateBySource) }
        let query = StatisticsQuery(type: type, range: range, interval: interval, calendar: calendar, options: options)
        do throws(VitalsError) {
            try query.validate()
        } catch {
            throw error.located(InputLocation(field: "option"))
        }
        let result = try await reader.statistics(query)
        let rows: [Value] = result.value.map { bucket in
            var row: [String: Value] = [
                "start": instant(bucket.range.start), "end": instant(bucket.range.end),
                "value": Self.number(bucket.value(for: option)),
            ]
            if bySource {
                row["sources"] = .array(
                    bucket.bySource.map { share in
                        .object([
                            "source": .string(share.source.name),
                            "value": Self.number(share.statistics.value(for: option)),
                        ])
                    })
            }
            return .object(row)
        }
        var answer: [String: Value] = [
            "type": .string(type.shortName), "option": .string(Self.name(of: option)),
            "unit": .string(Self.unit(of: type, option: option)), "interval": .string(interval.rawValue),
            "buckets": .array(rows),
        ]
        if result.value.allSatisfy({ $0.value(for: option) == nil }),
            let absence = try await absence(of: type, unreadable: result.unreadableTypes)
        {
            answer["note"] = absence
        }
        return .object(answer)
    }
}
