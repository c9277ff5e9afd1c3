import Foundation
import VitalsCore

/// One local day's activity: mindfulness and workout minutes and the NoAlc level.
///
/// A value is `nil` when it was not asked for or may not be read; minutes are otherwise 0 on days
/// without sessions, and `noAlc` is `nil` on days nobody logged.
public struct DailyActivity: Sendable, Hashable {
    /// The day, in the user's calendar.
    public var day: LocalDate
    /// `[00:00, next 00:00)` of the day in the user's time zone (23 or 25 hours on DST days).
    public var range: DateRange
    /// Minutes of mindful sessions that started that day.
    public var mindfulnessMinutes: Double?
    /// Minutes of workouts that started that day.
    public var workoutMinutes: Double?
    /// The day's NoAlc level (the highest when several entries exist), `nil` when not logged.
    public var noAlc: NoAlcLevel?

    /// Creates a day with nothing recorded.
    public init(
        day: LocalDate, range: DateRange, mindfulnessMinutes: Double? = nil, workoutMinutes: Double? = nil,
        noAlc: NoAlcLevel? = nil
    ) {
        self.day = day
        self.range = range
        self.mindfulnessMinutes = mindfulnessMinutes
        self.workoutMinutes = workoutMinutes
        self.noAlc = noAlc
    }

    /// The minutes of `activity` (`nil` for NoAlc and for what was not read).
    public func minutes(for activity: TrackedActivity) -> Double? {
        switch activity {
        case .mindfulness: mindfulnessMinutes
        case .workout: workoutMinutes
        case .noalc: nil
        }
    }

    /// Whether the day meets the goal: at least `goalMinutes` of a minutes activity, or a logged
    /// level 0 (alcohol-free) for NoAlc. The calendar's marks and the streak both use this.
    public func meets(_ activity: TrackedActivity, goalMinutes: Double) -> Bool {
        switch activity {
        case .noalc: noAlc == NoAlcLevel.none
        case .mindfulness, .workout: (minutes(for: activity) ?? 0) >= goalMinutes
        }
    }
}
