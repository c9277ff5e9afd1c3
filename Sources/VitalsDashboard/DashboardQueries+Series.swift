import Foundation
import VitalsCore
import VitalsInsights

extension DashboardQueries {
    /// The instants of the days `[first, end)`: midnight to midnight, or for a nightly figure the
    /// nights ending on those days, noon the day before to noon.
    func span(_ metric: DashboardMetric, first: LocalDate, end: LocalDate) -> DateRange {
        if metric.isNightly {
            return DateRange(
                clampingStart: first.adding(days: -1).noon(in: calendar), end: end.adding(days: -1).noon(in: calendar))
        }
        return DateRange(clampingStart: first.start(in: calendar), end: end.start(in: calendar))
    }

    /// One bucket of `metric` per `interval` (a day, a night or a week) of the days `[first, end)`:
    /// the collection query `vitals stats --interval day|week` runs, anchored at the span's start.
    func buckets(
        _ metric: DashboardMetric, first: LocalDate, end: LocalDate, interval: CalendarPeriod
    ) async throws
        -> (buckets: [Statistics], isUnreadable: Bool)
    {
        let range = span(metric, first: first, end: end)
        let query = StatisticsQuery(
            type: metric.sampleType, range: range, interval: interval, anchor: range.start,
            calendar: calendar, options: metric.options)
        let result = try await reader.statistics(query)
        return (result.value, result.unreadableTypes.contains(metric.sampleType))
    }

    /// The days `[first, end)` as one bucket: the period's sum, average, minimum and maximum.
    func whole(_ metric: DashboardMetric, first: LocalDate, end: LocalDate) async throws -> Statistics? {
        let range = span(metric, first: first, end: end)
        let query = StatisticsQuery(
            type: metric.sampleType, range: range, interval: .day, intervalCount: max(1, first.days(to: end)),
            anchor: range.start, calendar: calendar, options: metric.options)
        return try await reader.statistics(query).value.first
    }
}
