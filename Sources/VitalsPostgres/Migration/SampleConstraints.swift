import Foundation
import Logging
import PostgresNIO

/// The secondary indexes and foreign keys of PostgreSQL's `samples`, as the catalog defines
/// them, dropped before a big user's samples are copied and rebuilt after, in the same
/// transaction (``ServerMigration``).
///
/// PostgreSQL maintains an index row by row and checks a foreign key with a query per row;
/// building the index once from the whole table and checking the key with one join is several
/// times cheaper for a bulk load. DDL is transactional in PostgreSQL: when the user's
/// transaction rolls back (an error, a lost connection, a crash), the drops roll back with it, so
/// the schema is never left without them; and the table is locked against every other session
/// meanwhile. The primary key stays (it keeps a copy from storing a sample twice). What is
/// dropped is read from the catalog, so an index added to `samples` later is rebuilt as defined.
struct SampleConstraints: Sendable {
    /// Names (quoted) and definitions (`CREATE INDEX ...`) of the indexes not backing a constraint.
    private(set) var indexes: [(name: String, definition: String)] = []
    /// Names (quoted) and definitions (`FOREIGN KEY ... REFERENCES ...`) of the foreign keys.
    private(set) var foreignKeys: [(name: String, definition: String)] = []

    /// Reads the definitions and drops them on `connection`, inside its transaction.
    static func drop(on connection: PostgresConnection, logger: Logger) async throws -> SampleConstraints {
        var dropped = SampleConstraints()
        for try await row in try await connection.query(
            """
            SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
            JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = 'samples'::regclass
                AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
            ORDER BY c.relname
            """, logger: logger)
        {
            let cells = row.makeRandomAccess()
            dropped.indexes.append((try cells.value("name"), try cells.value("definition")))
        }
        for try await row in try await connection.query(
            """
            SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
            WHERE conrelid = 'samples'::regclass AND contype = 'f' ORDER BY conname
            """, logger: logger)
        {
            let cells = row.makeRandomAccess()
            dropped.foreignKeys.append((try cells.value("name"), try cells.value("definition")))
        }
        for key in dropped.foreignKeys {
            try await connection.query(
                PostgresQuery(unsafeSQL: "ALTER TABLE samples DROP CONSTRAINT \(key.name)"),
                logger: logger)
        }
        for index in dropped.indexes {
            try await connection.query(PostgresQuery(unsafeSQL: "DROP INDEX \(index.name)"), logger: logger)
        }
        return dropped
    }

    /// Builds the indexes and adds the foreign keys again (checking every row), as defined before.
    func restore(on connection: PostgresConnection, logger: Logger) async throws {
        // A sort in memory rather than on disk for a big user's index (this transaction only).
        try await connection.query("SET LOCAL maintenance_work_mem = '256MB'", logger: logger)
        for index in indexes {
            // The catalog defines a partitioned table's index `ON ONLY` the parent: built
            // `ON` it, the index is made on every partition too, as it was.
            let definition = index.definition.replacingFirst(" ON ONLY ", with: " ON ")
            try await connection.query(PostgresQuery(unsafeSQL: definition), logger: logger)
        }
        for key in foreignKeys {
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: "ALTER TABLE samples ADD CONSTRAINT \(key.name) \(key.definition)"), logger: logger)
        }
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
