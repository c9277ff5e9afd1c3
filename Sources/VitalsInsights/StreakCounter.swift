import Foundation
import VitalsCore

/// Counts consecutive days meeting a goal, with the query and the day rule the calendar shows.
///
/// - Mindfulness and workouts: a day counts with at least `goalMinutes` minutes. Today counts
///   when already met; an unmet today does not break a streak that ran through yesterday.
/// - NoAlc: a day counts when logged at level 0. An unlogged day breaks the streak, except today
///   (not logged yet); today logged at level 4 or 6 breaks it, since that cannot change any more.
public struct StreakCounter: Sendable {
    /// The goal when none is given: 10 minutes a day.
    public static let defaultGoalMinutes = 10.0
    /// Streaks are followed back at most this many days (about ten years).
    public static let maximumDays = 3660

    /// The query the calendar also uses (limited to `activity`).
    public var query: DailyActivityQuery
    /// The activity.
    public var activity: TrackedActivity
    /// Minutes a day needs; `nil` for NoAlc.
    public var goalMinutes: Double?

    /// Creates a counter. Throws `.invalidValue` naming `goalMinutes` for a goal that is not
    /// positive, or given for NoAlc (whose days count by level).
    public init(activity: TrackedActivity, goalMinutes: Double? = nil, query: DailyActivityQuery) throws(VitalsError) {
        if activity.isMeasuredInMinutes {
            let goal = goalMinutes ?? Self.defaultGoalMinutes
            try Self.validate(goalMinutes: goal)
            self.goalMinutes = goal
        } else {
            guard goalMinutes == nil else {
                throw VitalsError(
                    .invalidInput, "a goal in minutes does not apply to noalc (a day counts when logged alcohol-free)",
                    at: InputLocation(field: "goalMinutes"))
            }
            self.goalMinutes = nil
        }
        self.activity = activity
        var query = query
        query.activities = [activity]
        self.query = query
    }

    /// Throws `.invalidValue` naming `goalMinutes` unless the goal is a positive number.
    public static func validate(goalMinutes: Double) throws(VitalsError) {
        guard goalMinutes.isFinite, goalMinutes > 0 else {
            throw VitalsError(
                .invalidValue, "the goal must be more than 0 minutes", at: InputLocation(field: "goalMinutes"))
        }
    }

    /// Whether `day` counts towards the streak.
    public func counts(_ day: DailyActivity) -> Bool {
        day.meets(activity, goalMinutes: goalMinutes ?? Self.defaultGoalMinutes)
    }

    /// The streak as of `now` (today is the day of `now` in the query's calendar).
    public func streak(now: Date, store: any HealthStore) async throws -> Streak {
        guard store.isAvailable else {
            throw VitalsError(.unavailable, "the health store is unavailable on this device")
        }
        return try await streak(now: now, reader: store)
    }

    /// The streak as of `now` through any reader (the dashboard's scope): the same query and day rule.
    public func streak(now: Date, reader store: any HealthReader) async throws -> Streak {
        let today = LocalDate(containing: now, in: query.calendar)
        var streak = Streak(
            activity: activity, length: 0, days: [], today: today, todayCounted: false,
            goalMinutes: goalMinutes, unreadableTypes: [], sourcesAreMixed: query.sources.mayMixSources)
        var newest = today
        while today.days(to: newest) > -Self.maximumDays {
            let oldest = newest.adding(days: -27)
            let report = try await query.report(days: oldest...newest, reader: store)
            streak.staleBecause = streak.staleBecause ?? report.staleBecause
            guard report.canRead(activity) else {
                streak.unreadableTypes = report.unreadableTypes
                return streak
            }
            for day in report.days.reversed() {
                if counts(day) {
                    streak.days.append(day.day)
                    if day.day == today { streak.todayCounted = true }
                    continue
                }
                // Today may still be met later, unless NoAlc already logged a drink.
                if day.day == today, !(activity == .noalc && day.noAlc != nil) { continue }
                streak.length = streak.days.count
                return streak
            }
            newest = oldest.adding(days: -1)
        }
        streak.length = streak.days.count
        return streak
    }
}
