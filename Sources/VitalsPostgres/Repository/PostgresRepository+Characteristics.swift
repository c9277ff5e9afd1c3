import PostgresNIO
import VitalsServerStorage

/// Each user's characteristics (an export's `Me` element: date of birth, biological sex...).
extension PostgresRepository {
    /// One row per user and HealthKit characteristic identifier; an import's `Me` element replaces the user's rows.
    static let characteristicsMigration: [String] = [
        """
        CREATE TABLE characteristics (
            user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            identifier TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (user_id, identifier)
        )
        """
    ]

    public func characteristics(of user: ServerUser) async throws -> [String: String] {
        try await guarded {
            try await client.withConnection { connection in try await fetchCharacteristics(of: user, on: connection) }
        }
    }

    /// The user's characteristics, by identifier, in the caller's connection (and transaction).
    func fetchCharacteristics(of user: ServerUser, on connection: PostgresConnection) async throws -> [String: String] {
        var values: [String: String] = [:]
        for try await row in try await connection.query(
            "SELECT identifier, value FROM characteristics WHERE user_id = \(user.id)", logger: logger
        ) {
            let cells = row.makeRandomAccess()
            values[try cells.value("identifier")] = try cells.value("value")
        }
        return values
    }
}
