import Foundation
import VitalsCore

/// A current streak: how many consecutive days met the goal, up to today.
public struct Streak: Sendable, Equatable {
    /// The activity.
    public var activity: TrackedActivity
    /// Consecutive days that met the goal.
    public var length: Int
    /// The days counted, newest first.
    public var days: [LocalDate]
    /// Today in the user's zone.
    public var today: LocalDate
    /// Whether today already met the goal and is counted.
    public var todayCounted: Bool
    /// The goal in minutes (`nil` for NoAlc, where a day counts when logged alcohol-free).
    public var goalMinutes: Double?
    /// Types that may not be read; a streak over an unreadable type is 0.
    public var unreadableTypes: Set<SampleType>
    /// True when every source counted.
    public var sourcesAreMixed: Bool
    /// Set when an older cached answer was used.
    public var staleBecause: VitalsError?
}
