import Foundation
import VitalsContract
import VitalsCore

/// Quests evaluated after a write: how many were looked at, and what completed now.
public struct QuestEvaluation: Sendable, Hashable {
    /// Quests evaluated: those that existed on a written day (the most over the written days).
    public var evaluated = 0
    /// Completions this write added (a period already completed never counts again).
    public var completed = 0
    /// Per written day, every quest and whether it is completed for that day's period.
    public var results: [LocalDate: [HealthSyncResponse.QuestResult]] = [:]

    public init() {}

    /// Evaluates `quests` against one day's snapshots: the completions to add for quests met and
    /// not yet done in the day's period (`done` holds those quest ids), and the day's results,
    /// assuming the completions are stored.
    ///
    /// A quest counts from the day it was created on (in `calendar`, the user's zone): data
    /// backfilled for earlier days neither completes it nor lists it in those days' results.
    /// A quest whose comparison ``Quest/Comparison/waitsForDayEnd`` completes only when
    /// `dayIsOver`; until then it is listed as not completed.
    public static func evaluate(
        _ quests: [Quest], on date: LocalDate, snapshots: [HealthSnapshot], done: Set<String>,
        dayIsOver: Bool, at stamp: Date, calendar: Calendar
    )
        -> (completions: [QuestCompletion], results: [HealthSyncResponse.QuestResult])
    {
        let active = quests.filter { LocalDate(containing: $0.createdAt, in: calendar) <= date }
        let met = active.filter {
            !done.contains($0.id) && (dayIsOver || !$0.comparison.waitsForDayEnd) && $0.isMet(by: snapshots)
        }
        let completions = met.map {
            QuestCompletion(questId: $0.id, period: $0.recurrence.period(of: date), date: date, completedAt: stamp)
        }
        let completedNow = Set(met.map(\.id))
        let results = active.map {
            HealthSyncResponse.QuestResult(
                questId: $0.id, title: $0.title,
                wasCompleted: done.contains($0.id) || completedNow.contains($0.id))
        }
        return (completions, results)
    }

    /// How many days before the user's today a write looks back at, for quests that wait for
    /// the day's end: a day over for longer is not evaluated again unless a write stores it.
    public static let endedDaysLookedAt = 7

    /// Records completions added for a day that ended, evaluated without being written (its
    /// results are not listed: they are the written days').
    mutating func recordEnded(added: Int) {
        completed += added
    }

    /// Records one day's outcome: its results, and the completions the database actually added
    /// (one stored first by a concurrent request is completed all the same, but not counted here).
    mutating func record(_ date: LocalDate, results: [HealthSyncResponse.QuestResult], added: Int) {
        evaluated = max(evaluated, results.count)
        completed += added
        self.results[date] = results
    }
}
