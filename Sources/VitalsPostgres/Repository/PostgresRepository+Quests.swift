import Foundation
import Logging
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// Quests and their completions; the write sequence completes them (``QuestEvaluation``).
extension PostgresRepository: QuestStore {
    public func addQuest(_ quest: Quest, for user: ServerUser) async throws {
        try await guarded {
            try await client.query(
                """
                INSERT INTO quests (id, user_id, title, metric, comparison, target, recurrence, requires_verified, created_at)
                VALUES (\(quest.id), \(user.id), \(quest.title), \(quest.metric.rawValue), \(quest.comparison.rawValue),
                    \(quest.target), \(quest.recurrence.rawValue), \(quest.requiresVerified), \(quest.createdAt))
                """, logger: logger)
        }
    }

    public func quests(of user: ServerUser) async throws -> [Quest] {
        try await guarded { try await client.withConnection { try await fetchQuests(of: user, on: $0) } }
    }

    func fetchQuests(of user: ServerUser, on connection: PostgresConnection) async throws -> [Quest] {
        var quests: [Quest] = []
        for try await row in try await connection.execute(PostgresPrepared.Quests(userID: user.id), logger: logger) {
            if let quest = try Self.quest(from: row.makeRandomAccess(), at: 0) { quests.append(quest) }
        }
        return quests
    }

    /// The quest in the eight columns from `offset` (id, title, metric, comparison, target,
    /// recurrence, requires_verified, created_at); nil when the id is NULL or a value is one
    /// this version does not know.
    ///
    /// Read by position: every write batch reads its users' quests with it (``PostgresBatchUsers``),
    /// after columns of its own, so this is a hot path and the columns' place is the statement's.
    static func quest(from cells: PostgresRandomAccessRow, at offset: Int) throws -> Quest? {
        guard let id = try cells[offset].decode(String?.self) else { return nil }
        guard let metric = Quest.Metric(rawValue: try cells[offset + 2].decode(String.self)),
            let comparison = Quest.Comparison(rawValue: try cells[offset + 3].decode(String.self)),
            let recurrence = Quest.Recurrence(rawValue: try cells[offset + 5].decode(String.self))
        else { return nil }
        return Quest(
            id: id, title: try cells[offset + 1].decode(String.self), metric: metric, comparison: comparison,
            target: try cells[offset + 4].decode(Double.self), recurrence: recurrence,
            requiresVerified: try cells[offset + 6].decode(Bool.self),
            createdAt: try cells[offset + 7].decode(Date.self))
    }

    public func deleteQuest(id: String, of user: ServerUser) async throws -> Bool {
        try await guarded {
            var deleted = false
            for try await _ in try await client.query(
                "DELETE FROM quests WHERE id = \(id) AND user_id = \(user.id) RETURNING 1", logger: logger)
            {
                deleted = true
            }
            return deleted
        }
    }

    public func questCompletions(
        of user: ServerUser, from first: LocalDate, through last: LocalDate
    ) async throws
        -> [QuestCompletion]
    {
        try await guarded {
            var completions: [QuestCompletion] = []
            for try await row in try await client.query(
                """
                SELECT quest_id, period, date::text, completed_at FROM quest_completions WHERE user_id = \(user.id)
                AND date >= \(first.description)::date AND date <= \(last.description)::date ORDER BY date, quest_id
                """, logger: logger)
            {
                if let completion = try Self.questCompletion(from: row) { completions.append(completion) }
            }
            return completions
        }
    }

    /// A quest completion from a row with `quest_id`, `period`, `date` (as text) and
    /// `completed_at` columns, read by name; nil for a day this version cannot read.
    static func questCompletion(from row: PostgresRow) throws -> QuestCompletion? {
        let cells = row.makeRandomAccess()
        guard let date = try? LocalDate(parsing: try cells.value("date")) else { return nil }
        return QuestCompletion(
            questId: try cells.value("quest_id"), period: try cells.value("period"),
            date: date, completedAt: try cells.value("completed_at"))
    }
}
