import Foundation
import VitalsCore
import VitalsInsights

/// One bucket of a trend: a day, a night or a week, and its statistic.
struct TrendBucket: Sendable, Hashable {
    /// The bucket's first day (for a night: the day it ends on).
    var first: LocalDate
    /// Its instants, `[start, end)` (noon to noon for nights).
    var range: DateRange
    /// The sum, the average, or the minutes asleep (a week of nights: their average per night with sleep).
    var value: Double?
    /// The lowest and highest value: samples for discrete types, nights for a week of sleep.
    var minimum: Double?
    var maximum: Double?
}

/// A figure over one period in buckets, with the period's summary.
struct TrendSeries: Sendable, Hashable {
    var period: TrendPeriod
    var buckets: [TrendBucket] = []
    /// Whether the user may not read the type (then nothing else is known).
    var isUnreadable = false
    /// Additive figures: the period's total (the sum of its days or nights).
    var total: Double?
    /// Discrete types: the period's average (time-weighted where the type is); additive ones: the
    /// total over the days, nights or weeks that have data.
    var average: Double?
    /// Discrete types: the period's lowest and highest sample; additive ones: the lowest and highest day, night or week.
    var minimum: Double?
    var maximum: Double?
    /// How many days, nights or weeks have data (the divisor of an additive average).
    var countWithData = 0

    /// Whether any bucket has a value.
    var hasData: Bool { buckets.contains { $0.value != nil } }
}

/// What the Trends page shows: the period asked for and the same period last year.
struct TrendsData: Sendable {
    var request: TrendsRequest
    var today: LocalDate
    var isEmptyStore: Bool
    var current: TrendSeries
    var lastYear: TrendSeries
    /// The insights' trend of the figure as of today (``VitalsInsights/Trend``), when the figure is one of theirs.
    var trend: Insight<Trend>?

    /// Reads the trend `request` asks for, "today" being `today`.
    static func load(_ queries: DashboardQueries, request: TrendsRequest, today: LocalDate) async throws -> TrendsData {
        let period = request.period(today: today, calendar: queries.calendar)
        let previous = request.lastYear(of: period, calendar: queries.calendar)
        var data = TrendsData(
            request: request, today: today, isEmptyStore: try await queries.isEmpty(),
            current: TrendSeries(period: period), lastYear: TrendSeries(period: previous))
        guard !data.isEmptyStore else { return data }
        data.current = try await series(queries, request.metric, period)
        data.lastYear = try await series(queries, request.metric, previous)
        if let figure = DailyFigure.allCases.first(where: { $0.type == request.metric.sampleType }) {
            data.trend = try await InsightsEngine(reader: queries.reader, calendar: queries.calendar).trend(
                figure, on: today)
        }
        return data
    }

    /// The buckets and summary of `metric` over `period`.
    ///
    /// Additive figures (merged sums, asleep and mindful time) are read by day or night, which
    /// the local store's per-day cache answers, and a week or the whole period is the sum of its
    /// days: source merging and interval unions are additive over any partition of time, so this
    /// equals `vitals stats --interval week` and one query over the whole period (to rounding).
    /// Discrete types' weeks and period average are the engine's own (time-weighted where the
    /// type is): a local store combines them from its cached days, other readers from the samples.
    static func series(
        _ queries: DashboardQueries, _ metric: DashboardMetric, _ period: TrendPeriod
    ) async throws -> TrendSeries {
        var series = TrendSeries(period: period)
        let weekly = period.bucketDays == 7
        let engineWeeks = weekly && !metric.isAdditive
        let read = try await queries.buckets(
            metric, first: period.first, end: period.end, interval: engineWeeks ? .week : .day)
        guard !read.isUnreadable else {
            series.isUnreadable = true
            return series
        }
        let step = engineWeeks ? 7 : 1
        let units = read.buckets.enumerated().map { index, statistics in
            TrendBucket(
                first: period.first.adding(days: index * step), range: statistics.range,
                value: statistics.value(for: metric.primary), minimum: statistics.minimum, maximum: statistics.maximum)
        }
        if weekly && metric.isNightly {
            series.buckets = weeks(of: units)
        } else if weekly && metric.isAdditive {
            series.buckets = sums(of: units)
        } else {
            series.buckets = units
        }
        let values = series.buckets.compactMap(\.value)
        series.countWithData = values.count
        if metric.isAdditive {
            let days = units.compactMap(\.value)
            series.total = days.isEmpty ? nil : days.reduce(0, +)
            series.average = series.total.flatMap { values.isEmpty ? nil : $0 / Double(values.count) }
            series.minimum = values.min()
            series.maximum = values.max()
        } else {
            let whole = try await queries.whole(metric, first: period.first, end: period.end)
            series.average = whole?.average
            series.minimum = whole?.minimum
            series.maximum = whole?.maximum
        }
        return series
    }

    /// Days grouped in sevens: each week's sum (nil when none of its days has data).
    static func sums(of days: [TrendBucket]) -> [TrendBucket] {
        inWeeks(days) { values in (values.reduce(0, +), nil, nil) }
    }

    /// Nights grouped in sevens: each week's average per night with sleep, shortest and longest night.
    static func weeks(of nights: [TrendBucket]) -> [TrendBucket] {
        inWeeks(nights) { values in (values.reduce(0, +) / Double(values.count), values.min(), values.max()) }
    }

    /// `days` in sevens, each week's value, minimum and maximum made by `summary` from its days'
    /// values (a week without any is empty).
    private static func inWeeks(
        _ days: [TrendBucket],
        summary: ([Double]) -> (value: Double, minimum: Double?, maximum: Double?)
    ) -> [TrendBucket] {
        stride(from: 0, to: days.count, by: 7).map { start in
            let week = days[start..<min(days.count, start + 7)]
            let values = week.compactMap(\.value)
            let range = DateRange(clampingStart: week.first!.range.start, end: week.last!.range.end)
            let made = values.isEmpty ? nil : summary(values)
            return TrendBucket(
                first: week.first!.first, range: range, value: made?.value,
                minimum: made?.minimum, maximum: made?.maximum)
        }
    }
}
