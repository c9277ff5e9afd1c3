import Foundation
import GRDB
import VitalsContract
import VitalsCore

/// Quests and their completions; the write sequence completes them (``QuestEvaluation``).
extension SQLiteRepository: QuestStore {
    public func addQuest(_ quest: Quest, for user: ServerUser) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO quests (id, user_id, title, metric, comparison, target, recurrence, requires_verified, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    quest.id, user.id, quest.title, quest.metric.rawValue, quest.comparison.rawValue,
                    quest.target, quest.recurrence.rawValue, quest.requiresVerified,
                    quest.createdAt.timeIntervalSince1970,
                ])
        }
    }

    public func quests(of user: ServerUser) async throws -> [Quest] {
        try await read { db in try Self.quests(of: user, in: db) }
    }

    public func deleteQuest(id: String, of user: ServerUser) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM quests WHERE id = ? AND user_id = ?", arguments: [id, user.id])
            return db.changesCount > 0
        }
    }

    public func questCompletions(
        of user: ServerUser, from first: LocalDate, through last: LocalDate
    ) async throws
        -> [QuestCompletion]
    {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT quest_id, period, date, completed_at FROM quest_completions
                    WHERE user_id = ? AND date >= ? AND date <= ? ORDER BY date, quest_id
                    """, arguments: [user.id, first.description, last.description]
            ).compactMap(Self.questCompletion(from:))
        }
    }
}
