import Foundation
import VitalsCore
import VitalsDashboard
import VitalsServerStorage

/// A server user's completed quests, as the dashboard's Calendar reads them (``QuestReading``).
///
/// Reads only `user`'s completions and quests: each completion's day is the day (in the user's
/// zone) whose data completed it, titled with the quest's current title.
struct ServerQuestReader: QuestReading {
    let repository: any QuestStore
    let user: ServerUser

    func completedQuests(from first: LocalDate, through last: LocalDate) async throws -> [CompletedQuest] {
        let completions = try await repository.questCompletions(of: user, from: first, through: last)
        guard !completions.isEmpty else { return [] }
        let titles = Dictionary(
            try await repository.quests(of: user).map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        return completions.compactMap { completion in
            titles[completion.questId].map {
                CompletedQuest(questID: completion.questId, title: $0, day: completion.date)
            }
        }
    }
}
