import Foundation
import PostgresNIO
import VitalsContract
import VitalsServerStorage

extension PostgresPrepared {
    /// Which of a user's quests are completed for the given periods: one quest id per row.
    struct CompletedQuests: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT c.quest_id FROM quest_completions c
            JOIN UNNEST($2::text[], $3::text[]) AS p(q, period) ON c.quest_id = p.q AND c.period = p.period
            WHERE c.user_id = $1
            """

        let userID: Int64
        /// Pairs of quest id and period.
        let periods: [(questId: String, period: String)]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(userID)
            bindings.append(PostgresArrayColumn.text(periods.map(\.questId)))
            bindings.append(PostgresArrayColumn.text(periods.map(\.period)))
            return bindings
        }
    }

    /// Records a quest completion once per quest and period; returns a row when it was new.
    struct QuestCompletionInsert: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            INSERT INTO quest_completions (quest_id, user_id, period, date, completed_at)
            VALUES ($1, $2, $3, $4::date, $5)
            ON CONFLICT DO NOTHING RETURNING 1
            """

        let userID: Int64
        let completion: QuestCompletion

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 5)
            bindings.append(completion.questId)
            bindings.append(userID)
            bindings.append(completion.period)
            bindings.append(completion.date.description)
            bindings.append(completion.completedAt)
            return bindings
        }
    }
}
