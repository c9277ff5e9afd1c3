import Foundation
import MCP
import VitalsCore
import VitalsInsights

extension HealthToolbox {
    /// Days with data each side needs before a trend is told.
    static let minimumTrendDays = 7
    /// A change smaller than this share of the earlier average is "about the same".
    static let trendThreshold = 0.05

    /// `trends`: a type's recent daily average against the same days a year before.
    static let trendsTool = HealthTool(
        name: "trends",
        title: "Trend against last year",
        description: """
            Compares a type's daily average over the `days` days ending on `date` with the same days one year \
            earlier. Daily values are the day's sum for cumulative types (steps, energy), the day's average for \
            discrete ones (resting heart rate, HRV, weight) and minutes asleep per night for sleep; the average \
            is over days that have data. Gives both averages, the change and its percent, and a direction: \
            higher or lower when the change is at least 5% of the earlier average, else about the same; none \
            when either side has fewer than 7 days with data.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type(),
                "date": Schema.date("The last day of the recent window (default: today)."),
                "days": Schema.integer("The window's length in days (default 90).", in: 7...365),
            ], required: ["type"]),
        run: { toolbox, arguments in try await toolbox.trend(arguments) })

    func trend(_ arguments: ToolArguments) async throws -> Value {
        let type = try arguments.type()
        let last = try arguments.day("date") ?? today
        let days = try arguments.integer("days", default: 90, in: 7...365)
        let option = type.defaultStatistic
        let first = last.adding(days: 1 - days)
        let recent = try await dailyMean(type, option, from: first, through: last)
        let shifted =
            calendar.date(byAdding: .year, value: -1, to: first.noon(in: calendar)) ?? first.noon(in: calendar)
        let yearBefore = LocalDate(containing: shifted, in: calendar)
        let earlier = try await dailyMean(type, option, from: yearBefore, through: yearBefore.adding(days: days - 1))
        var answer: [String: Value] = [
            "type": .string(type.shortName), "statistic": .string(Self.name(of: option)),
            "unit": .string(Self.unit(of: type, option: option)), "days": .int(days),
            "recent": .object([
                "from": .string(first.description), "through": .string(last.description),
                "average": Self.number(recent.mean), "daysWithData": .int(recent.count),
            ]),
            "yearBefore": .object([
                "from": .string(yearBefore.description),
                "through": .string(yearBefore.adding(days: days - 1).description),
                "average": Self.number(earlier.mean), "daysWithData": .int(earlier.count),
            ]),
        ]
        guard let now = recent.mean, let then = earlier.mean, recent.count >= Self.minimumTrendDays,
            earlier.count >= Self.minimumTrendDays
        else {
            answer["direction"] = .null
            answer["note"] =
                try await absence(of: type, unreadable: recent.unreadable ? [type] : [])
                ?? .string("fewer than \(Self.minimumTrendDays) days with data on a side; no trend is told")
            return .object(answer)
        }
        let change = now - then
        let share = then == 0 ? nil : change / abs(then)
        answer["change"] = Self.number(change)
        answer["changePercent"] = Self.number(share.map { $0 * 100 })
        let direction = share.map { abs($0) < Self.trendThreshold ? "about the same" : ($0 > 0 ? "higher" : "lower") }
        answer["direction"] = direction.map { .string($0) } ?? .null
        return .object(answer)
    }

    /// The mean of the daily values of `type` from `first` through `last` over days with data.
    private func dailyMean(
        _ type: SampleType, _ option: StatisticsOptions, from first: LocalDate, through last: LocalDate
    )
        async throws -> (mean: Double?, count: Int, unreadable: Bool)
    {
        let range: DateRange =
            type == .sleepAnalysis
            ? DateRange(clampingStart: first.nightWindow(in: calendar).start, end: last.nightWindow(in: calendar).end)
            : DateRange(clampingStart: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
        let query = StatisticsQuery(
            type: type, range: range, interval: .day, anchor: range.start, calendar: calendar,
            options: option)
        let result = try await reader.statistics(query)
        let values = result.value.compactMap { $0.value(for: option) }
        let mean = values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        return (mean, values.count, result.unreadableTypes.contains(type))
    }
}
