import Foundation
import VitalsCore

/// A month of daily activity with each day's marks, as a calendar view shows it.
public struct CalendarMonth: Sendable {
    /// One day of the grid.
    public struct Day: Sendable, Hashable {
        /// What the day holds.
        public var activity: DailyActivity
        /// Its day of the week.
        public var weekday: Weekday
        /// The activities whose goal the day met (NoAlc: logged alcohol-free); unreadable ones never.
        public var met: Set<TrackedActivity>
    }

    /// The month.
    public var month: YearMonth
    /// `[1st 00:00, 1st of next month 00:00)` in the user's zone.
    public var range: DateRange
    /// Every day of the month, first to last.
    public var days: [Day]
    /// Minutes a day needs for a mindfulness or workout mark.
    public var goalMinutes: Double
    /// Types that may not be read (their marks are unknown, not missing).
    public var unreadableTypes: Set<SampleType>
    /// True when every source counted (the view should say the sources are mixed).
    public var sourcesAreMixed: Bool
    /// The sources whose samples were counted.
    public var sources: [Source]
    /// Set when an older cached answer was used.
    public var staleBecause: VitalsError?
}
