import Foundation
import VitalsContract
import VitalsCore

/// The role of a repository that keeps a user's quests and their completions (the write
/// sequence completes them, ``QuestEvaluation``).
public protocol QuestStore: Sendable {
    /// Adds a quest.
    func addQuest(_ quest: Quest, for user: ServerUser) async throws
    /// The user's quests, oldest first.
    func quests(of user: ServerUser) async throws -> [Quest]
    /// Deletes a quest and its completions; false when the user has no such quest.
    func deleteQuest(id: String, of user: ServerUser) async throws -> Bool
    /// The user's quest completions whose day is `first` through `last` (days in the user's zone), by day and quest id.
    func questCompletions(
        of user: ServerUser, from first: LocalDate, through last: LocalDate
    ) async throws
        -> [QuestCompletion]
}
