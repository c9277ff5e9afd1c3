import Foundation
import VitalsCore
import VitalsSync

/// Quests evaluated after a write: how many were looked at, and what completed now.
public struct QuestEvaluation: Sendable, Hashable {
    /// Quests evaluated (the user's quests; each is looked at for every written day).
    public var evaluated = 0
    /// Completions this write added (a period already completed never counts again).
    public var completed = 0
    /// Per written day, every quest and whether it is completed for that day's period.
    public var results: [LocalDate: [HealthSyncResponse.QuestResult]] = [:]

    public init() {}

    /// Evaluates `quests` against one day's snapshots: the completions to add for quests met and
    /// not yet done in the day's period (`done` holds those quest ids), and the day's results,
    /// assuming the completions are stored.
    public static func evaluate(_ quests: [Quest], on date: LocalDate, snapshots: [HealthSnapshot], done: Set<String>,
                                at stamp: Date) -> (completions: [QuestCompletion], results: [HealthSyncResponse.QuestResult]) {
        let met = quests.filter { !done.contains($0.id) && $0.isMet(by: snapshots) }
        let completions = met.map {
            QuestCompletion(questId: $0.id, period: $0.recurrence.period(of: date), date: date, completedAt: stamp)
        }
        let completedNow = Set(met.map(\.id))
        let results = quests.map {
            HealthSyncResponse.QuestResult(questId: $0.id, title: $0.title,
                                           wasCompleted: done.contains($0.id) || completedNow.contains($0.id))
        }
        return (completions, results)
    }

    /// Records one day's outcome: its results, and the completions the database actually added
    /// (one stored first by a concurrent request is completed all the same, but not counted here).
    mutating func record(_ date: LocalDate, questCount: Int, results: [HealthSyncResponse.QuestResult], added: Int) {
        evaluated = questCount
        completed += added
        self.results[date] = results
    }
}
