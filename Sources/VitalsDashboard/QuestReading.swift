import VitalsCore

/// Reads the completed quests a scope's Calendar marks: a server user's, through their account.
///
/// Quests are a server feature (`vitals serve` stores them per user), so the dashboard only
/// asks through this protocol and the server implements it for the signed-in user; a local
/// store's scope has no reader, and its Calendar shows no quest marks and no legend entry.
public protocol QuestReading: Sendable {
    /// The quests completed on the days `first` through `last` (days in the scope's calendar,
    /// the user's zone), ordered by day; a quest completed on several days is listed once per day.
    func completedQuests(from first: LocalDate, through last: LocalDate) async throws -> [CompletedQuest]
}
