import Foundation
import VitalsContract
import VitalsCore

/// A goal over one daily metric that completes itself when synced data meets it.
public struct Quest: Sendable, Hashable, Codable {
    /// What a quest measures: a field of the day's snapshot.
    public enum Metric: String, Sendable, Hashable, Codable, CaseIterable {
        case steps, exerciseMinutes, standMinutes, sleepMinutes, activeCalories, restingHeartRate, hrv
        case workoutsCount, sleepQualityScore, proteinLogged

        /// The metric's value in `snapshot` (`proteinLogged` as 1 or 0); nil when unknown.
        public func value(in snapshot: HealthSnapshot) -> Double? {
            switch self {
            case .steps: snapshot.steps.map(Double.init)
            case .exerciseMinutes: snapshot.exerciseMinutes.map(Double.init)
            case .standMinutes: snapshot.standMinutes.map(Double.init)
            case .sleepMinutes: snapshot.sleepMinutes.map(Double.init)
            case .activeCalories: snapshot.activeCalories
            case .restingHeartRate: snapshot.restingHeartRate
            case .hrv: snapshot.hrv
            case .workoutsCount: snapshot.workoutsCount.map(Double.init)
            case .sleepQualityScore: snapshot.sleepQualityScore
            case .proteinLogged: snapshot.proteinLogged.map { $0 ? 1 : 0 }
            }
        }
    }

    /// How the value is compared with the target.
    public enum Comparison: String, Sendable, Hashable, Codable, CaseIterable {
        case atLeast, atMost, greaterThan, lessThan, equal

        /// Whether the comparison is only decided by the whole day: a day's totals rise as it
        /// goes on, so "at most 2000 kcal" (or less than, or exactly) holds at 9 am of a day that
        /// ends far above it. These are evaluated once the day is over in the user's zone.
        public var waitsForDayEnd: Bool {
            switch self {
            case .atLeast, .greaterThan: false
            case .atMost, .lessThan, .equal: true
            }
        }

        public func holds(_ value: Double, _ target: Double) -> Bool {
            switch self {
            case .atLeast: value >= target
            case .atMost: value <= target
            case .greaterThan: value > target
            case .lessThan: value < target
            case .equal: value == target
            }
        }
    }

    /// Whether the quest can complete every day or once.
    public enum Recurrence: String, Sendable, Hashable, Codable, CaseIterable {
        case daily, once

        /// The completion period a day falls in: the day itself, or `once`.
        public func period(of date: LocalDate) -> String { self == .daily ? date.description : "once" }
    }

    public var id: String
    public var title: String
    public var metric: Metric
    public var comparison: Comparison
    public var target: Double
    public var recurrence: Recurrence
    /// Only device-verified data (HealthKit, Google Fit) can complete it.
    public var requiresVerified: Bool
    public var createdAt: Date

    public init(
        id: String, title: String, metric: Metric, comparison: Comparison, target: Double,
        recurrence: Recurrence, requiresVerified: Bool, createdAt: Date
    ) {
        self.id = id
        self.title = title
        self.metric = metric
        self.comparison = comparison
        self.target = target
        self.recurrence = recurrence
        self.requiresVerified = requiresVerified
        self.createdAt = createdAt
    }

    /// Whether any of the day's snapshots this quest may look at meets it.
    public func isMet(by snapshots: [HealthSnapshot]) -> Bool {
        snapshots.contains { snapshot in
            guard !requiresVerified || snapshot.verificationLevel == .deviceVerified,
                let value = metric.value(in: snapshot)
            else { return false }
            return comparison.holds(value, target)
        }
    }
}

/// A quest completed for one period (a `quest_completions` row).
public struct QuestCompletion: Sendable, Hashable, Codable {
    public var questId: String
    /// `YYYY-MM-DD` for daily quests, `once` for one-off quests.
    public var period: String
    /// The day whose data completed it.
    public var date: LocalDate
    public var completedAt: Date

    public init(questId: String, period: String, date: LocalDate, completedAt: Date) {
        self.questId = questId
        self.period = period
        self.date = date
        self.completedAt = completedAt
    }
}
