import Foundation
import Logging
import PostgresNIO
import VitalsContract
import VitalsServerStorage

/// What a write batch reads of its users once it holds their write locks: which of them were
/// removed, and each one's quests, in one statement for the whole batch.
///
/// Read after the locks were granted, in a statement of its own: its snapshot is taken after
/// the wait, so it sees a removal that committed meanwhile (`samples` has no foreign key to
/// stop a removed user's write). The quests are what each write judges its days against, so a
/// write does not read them again; a user's quests cannot change while the batch holds the lock
/// of every write that judges them.
struct PostgresBatchUsers: Sendable {
    /// Users of the batch that no longer exist.
    var removed: Set<Int64> = []
    /// Each present user's quests, oldest first; a user without quests has none here.
    var quests: [Int64: [Quest]] = [:]

    /// The quests of user `id` (none for a user without quests).
    func quests(of id: Int64) -> [Quest] { quests[id] ?? [] }

    /// Reads both for the users `ids`, on the batch's connection.
    static func read(
        _ ids: Set<Int64>, on connection: PostgresConnection, logger: Logger
    ) async throws
        -> PostgresBatchUsers
    {
        var users = PostgresBatchUsers()
        // By position, in the statement's order: every write batch reads it (a hot path).
        for try await row in try await connection.execute(Statement(ids: Array(ids)), logger: logger) {
            let cells = row.makeRandomAccess()
            let id = try cells[0].decode(Int64.self)
            if try cells[1].decode(Bool.self) {
                users.removed.insert(id)
            } else if let quest = try PostgresRepository.quest(from: cells, at: 2) {
                users.quests[id, default: []].append(quest)
            }
        }
        return users
    }

    /// One row per user without quests (quest columns NULL) and per quest of a user.
    struct Statement: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT b.id, u.id IS NULL, q.id, q.title, q.metric, q.comparison, q.target, q.recurrence,
                q.requires_verified, q.created_at
            FROM UNNEST($1::int8[]) AS b(id)
            LEFT JOIN users u ON u.id = b.id
            LEFT JOIN quests q ON q.user_id = b.id
            ORDER BY b.id, q.created_at, q.id
            """

        let ids: [Int64]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(ids)
            return bindings
        }
    }
}
