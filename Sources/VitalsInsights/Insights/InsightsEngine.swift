import Foundation
import VitalsCore

/// Computes the insights from any ``VitalsCore/HealthReader``: a local store, a server user, HealthKit.
///
/// Written once over the read protocol, so the same samples give the same answers wherever they
/// are stored. The formulas are documented on each figure's type: ``SleepScore``,
/// ``OvernightReport``, ``Readiness``, ``Trend``, ``FactorEffect`` and ``Correlation``.
public struct InsightsEngine: Sendable {
    /// The store read.
    public var reader: any HealthReader
    /// The calendar whose days are reported (the person's zone).
    public var calendar: Calendar

    /// Creates an engine over `reader`, counting days in `calendar`.
    public init(reader: any HealthReader, calendar: Calendar) {
        self.reader = reader
        self.calendar = calendar
    }

    /// Every figure for `date`.
    ///
    /// The trends are read while the night's figures are computed: they are independent reads,
    /// which a store that serves reads side by side (a local store's pool, a server) overlaps.
    public func day(_ date: LocalDate) async throws -> DayInsights {
        async let trendReads = trends(on: date)
        let history = max(FactorEffect.window + SleepScore.bedtimeNights, NightInsights.history)
        let nights = try await nights(from: date.adding(days: -history), through: date)
        let night = try await night(date, nights: nights)
        let trends = try await trendReads
        return DayInsights(
            date: date, timeZone: calendar.timeZone.identifier, sleepScore: night.sleepScore,
            overnight: night.overnight, readiness: night.readiness, trends: trends,
            factors: try await factorEffects(date: date, nights: nights))
    }

    /// The figures of the night that ends on `date`: sleep score, overnight vitals and readiness
    /// (what the Today card shows), without the trends and factor effects ``day(_:)`` adds.
    public func night(_ date: LocalDate) async throws -> NightInsights {
        try await night(date, nights: nights(from: date.adding(days: -NightInsights.history), through: date))
    }

    /// The night's figures from `nights`, which hold at least the ``NightInsights/history`` nights before `date`.
    private func night(_ date: LocalDate, nights: [LocalDate: SleepNight]) async throws -> NightInsights {
        let recent = (0...max(OvernightReport.window, Readiness.window)).map { date.adding(days: -$0) }
        let readings = try await nightReadings(of: recent.compactMap { nights[$0] })
        return NightInsights(
            date: date, timeZone: calendar.timeZone.identifier,
            sleepScore: SleepScore.score(nights[date], date: date, previous: nights),
            overnight: OvernightReport.report(date: date, values: readings.vitals),
            readiness: Readiness.readiness(
                date: date, hrv: readings.hrv, restingHeartRate: readings.restingHeartRate,
                sleepEfficiency: nights.compactMapValues(\.efficiency)))
    }

    /// The sleep score and readiness of every day from `first` through `last`, each as ``day(_:)`` gives it.
    ///
    /// Reads the nights, HRV and resting heart rate of the whole period (and the baselines' days
    /// before it) once, so a year costs a few queries rather than a day's reads 365 times.
    public func scores(from first: LocalDate, through last: LocalDate) async throws -> [LocalDate: DayScores] {
        let nights = try await nights(
            from: first.adding(days: -max(SleepScore.bedtimeNights, Readiness.window)), through: last)
        let readings = try await nightReadings(of: Array(nights.values), vitals: false)
        let efficiency = nights.compactMapValues(\.efficiency)
        var scores: [LocalDate: DayScores] = [:]
        var day = first
        while day <= last {
            scores[day] = DayScores(
                sleepScore: SleepScore.score(nights[day], date: day, previous: nights),
                readiness: Readiness.readiness(
                    date: day, hrv: readings.hrv, restingHeartRate: readings.restingHeartRate,
                    sleepEfficiency: efficiency))
            day = day.adding(days: 1)
        }
        return scores
    }

    /// Every figure's trend as of `date`.
    func trends(on date: LocalDate) async throws -> [DailyFigure: Insight<Trend>] {
        var trends: [DailyFigure: Insight<Trend>] = [:]
        for figure in DailyFigure.allCases { trends[figure] = try await trend(figure, on: date) }
        return trends
    }

    /// `figure`'s trend as of `date` (``Trend``): its daily values over the recent and reference days.
    public func trend(_ figure: DailyFigure, on date: LocalDate) async throws -> Insight<Trend> {
        let values = try await dailyValues(
            figure, from: date.adding(days: -(Trend.recentDays + Trend.referenceDays - 1)), through: date)
        return Trend.trend(figure, date: date, values: values)
    }

    /// The nights ending on the days from `first` through `last` (``SleepNight``).
    public func nights(from first: LocalDate, through last: LocalDate) async throws -> [LocalDate: SleepNight] {
        // A day's margin each side: a night slept in another zone may end after the calendar's noon.
        let range = DateRange(
            clampingStart: first.adding(days: -2).noon(in: calendar), end: last.adding(days: 1).noon(in: calendar))
        let samples = try await reader.samples(of: .sleepAnalysis, matching: SamplePredicate(range)).value
        return SleepNight.nights(from: samples, calendar: calendar).filter { first <= $0.key && $0.key <= last }
    }

    /// A figure's value on each day from `first` through `last` that has one, in the figure's unit.
    public func dailyValues(
        _ figure: DailyFigure, from first: LocalDate, through last: LocalDate
    ) async throws
        -> [LocalDate: Double]
    {
        let range =
            figure == .sleep
            ? DateRange(clampingStart: first.adding(days: -1).noon(in: calendar), end: last.noon(in: calendar))
            : DateRange(clampingStart: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
        let query = StatisticsQuery(
            type: figure.type, range: range, interval: .day, anchor: range.start, calendar: calendar,
            options: figure.option)
        var values: [LocalDate: Double] = [:]
        for bucket in try await reader.statistics(query).value where bucket.sampleCount > 0 {
            guard let value = bucket.value(for: figure.option) else { continue }
            let day = LocalDate(containing: bucket.range.end.addingTimeInterval(-0.001), in: calendar)
            guard figure != .sleep, let unit = bucket.unit else {
                values[day] = value  // durations are minutes
                continue
            }
            values[day] = (try? Quantity(value, unit).doubleValue(for: figure.unit)) ?? value
        }
        return values
    }

    /// The correlation of two daily figures over the `days` days ending on `date` (``Correlation``).
    public func correlation(
        _ x: DailyFigure, _ y: DailyFigure, lag: Int = 0, through date: LocalDate, days: Int = 90
    ) async throws -> Insight<Correlation> {
        let period = date.adding(days: -(days - 1))...date
        let xValues = try await dailyValues(x, from: period.lowerBound, through: period.upperBound)
        let yValues = try await dailyValues(
            y, from: period.lowerBound.adding(days: lag), through: date.adding(days: lag))
        return Correlation.correlation(x, y, lag: lag, days: period, xValues: xValues, yValues: yValues)
    }
}
