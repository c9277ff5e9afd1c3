import Foundation
import VitalsCore
import VitalsInsights

/// The Today page's NoAlc state: the day's logged level and the current NoAlc streak.
///
/// Both come from the ``DailyActivityQuery`` `vitals streak` and the Calendar run, over the
/// scope's activity sources (by default the samples `logAlcohol(drinks:date:)` writes), so the
/// page shows what they print.
struct TodayNoAlc: Sendable {
    /// The day's level, `nil` when nothing was logged.
    var level: NoAlcLevel?
    /// The current streak of alcohol-free days, `nil` when it could not be read.
    var streak: Streak?
    /// Why the NoAlc type could not be read, if it could not.
    var access: ReadAccess?

    /// Reads the NoAlc state of `day`, the streak as of `now`.
    static func load(_ queries: DashboardQueries, day: LocalDate, now: Date) async throws -> TodayNoAlc {
        let query = DailyActivityQuery(
            calendar: queries.calendar, sources: queries.scope.activitySources, activities: [.noalc])
        let report = try await query.report(days: day...day, reader: queries.reader)
        guard report.canRead(.noalc) else {
            return TodayNoAlc(access: try await queries.access(to: TrackedActivity.noalc.sampleType))
        }
        let counter = try StreakCounter(activity: .noalc, query: query)
        return TodayNoAlc(
            level: report.activity(on: day)?.noAlc, streak: try await counter.streak(now: now, reader: queries.reader))
    }

    /// The level as people read it.
    var levelText: String {
        switch level {
        case .none?: "Alcohol-free"
        case .moderate?: "Some drinks"
        case .heavy?: "Many drinks"
        case nil: "Not logged"
        }
    }

    /// The streak as people read it.
    var streakText: String {
        guard let streak else { return "" }
        let days = streak.length == 1 ? "1 alcohol-free day" : "\(streak.length) alcohol-free days"
        return streak.todayCounted ? "\(days) in a row, today included" : "\(days) in a row"
    }
}
