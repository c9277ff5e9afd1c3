import Foundation
import VitalsCore

/// Builds a month of daily activity with marks, through the same ``DailyActivityQuery`` and the
/// same ``DailyActivity/meets(_:goalMinutes:)`` as ``StreakCounter``.
public struct ActivityCalendar: Sendable {
    /// The query the calendar and the streaks share.
    public var query: DailyActivityQuery
    /// Minutes a day needs for a mindfulness or workout mark.
    public var goalMinutes: Double

    /// Creates a calendar; throws `.invalidValue` naming `goalMinutes` for a goal that is not positive.
    public init(query: DailyActivityQuery, goalMinutes: Double = StreakCounter.defaultGoalMinutes) throws(VitalsError) {
        try StreakCounter.validate(goalMinutes: goalMinutes)
        self.query = query
        self.goalMinutes = goalMinutes
    }

    /// The month's days and marks.
    public func month(_ month: YearMonth, store: any HealthStore) async throws -> CalendarMonth {
        guard store.isAvailable else {
            throw VitalsError(.unavailable, "the health store is unavailable on this device")
        }
        return try await self.month(month, reader: store)
    }

    /// The month's days and marks through any reader (the dashboard's scope): the same query and marks.
    public func month(_ month: YearMonth, reader store: any HealthReader) async throws -> CalendarMonth {
        let report = try await query.report(days: month.days, reader: store)
        let days = report.days.map { activity in
            CalendarMonth.Day(
                activity: activity, weekday: Weekday(of: activity.day),
                met: Set(
                    TrackedActivity.allCases.filter {
                        report.canRead($0) && activity.meets($0, goalMinutes: goalMinutes)
                    }))
        }
        return CalendarMonth(
            month: month, range: month.range(in: query.calendar), days: days, goalMinutes: goalMinutes,
            unreadableTypes: report.unreadableTypes, sourcesAreMixed: report.sourcesAreMixed,
            sources: report.sources, staleBecause: report.staleBecause)
    }
}
