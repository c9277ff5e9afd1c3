import Foundation
import VitalsCore

/// The server's answer to `POST /api/health/sync`: the stored day and the quests it evaluated.
public struct HealthSyncResponse: Sendable, Hashable, Codable {
    /// One quest looked at after the write.
    public struct QuestResult: Sendable, Hashable, Codable {
        public var questId: String
        public var title: String
        /// Whether the quest is completed for the day's period (by this sync or an earlier one).
        public var wasCompleted: Bool

        public init(questId: String, title: String, wasCompleted: Bool) {
            self.questId = questId
            self.title = title
            self.wasCompleted = wasCompleted
        }
    }

    public var snapshot: HealthSnapshot
    /// Quests evaluated against the day.
    public var questsEvaluated: Int
    /// Quests this sync completed (never counts a quest completed earlier in the same period).
    public var questsCompleted: Int
    public var questResults: [QuestResult]
    public var message: String

    public init(
        snapshot: HealthSnapshot, questsEvaluated: Int, questsCompleted: Int,
        questResults: [QuestResult], message: String
    ) {
        self.snapshot = snapshot
        self.questsEvaluated = questsEvaluated
        self.questsCompleted = questsCompleted
        self.questResults = questResults
        self.message = message
    }
}
