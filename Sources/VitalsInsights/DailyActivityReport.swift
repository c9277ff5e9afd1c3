import Foundation
import VitalsCore

/// The answer of ``DailyActivityQuery``: one entry per day, and how far to trust it.
public struct DailyActivityReport: Sendable {
    /// One entry per requested day, oldest first.
    public var days: [DailyActivity]
    /// The activities that were asked for.
    public var activities: Set<TrackedActivity>
    /// Types the store did not allow reading; their values are `nil` in `days`.
    public var unreadableTypes: Set<SampleType>
    /// True when every source was counted (the caller asked for all sources): show it as mixed.
    public var sourcesAreMixed: Bool
    /// The sources whose samples were counted, by name.
    public var sources: [Source]
    /// Set when a store query failed and an older cached answer was used.
    public var staleBecause: VitalsError?

    /// Creates a report.
    public init(
        days: [DailyActivity], activities: Set<TrackedActivity>, unreadableTypes: Set<SampleType> = [],
        sourcesAreMixed: Bool = false, sources: [Source] = [], staleBecause: VitalsError? = nil
    ) {
        self.days = days
        self.activities = activities
        self.unreadableTypes = unreadableTypes
        self.sourcesAreMixed = sourcesAreMixed
        self.sources = sources
        self.staleBecause = staleBecause
    }

    /// The entry for `day`, if it was requested.
    public func activity(on day: LocalDate) -> DailyActivity? {
        guard let first = days.first else { return nil }
        let index = first.day.days(to: day)
        return days.indices.contains(index) ? days[index] : nil
    }

    /// Whether `activity` was asked for and may be read.
    public func canRead(_ activity: TrackedActivity) -> Bool {
        activities.contains(activity) && !unreadableTypes.contains(activity.sampleType)
    }
}
