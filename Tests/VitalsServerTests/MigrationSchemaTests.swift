import Foundation
import GRDB
import PostgresNIO
import Testing
import VitalsCore
import VitalsPostgres
import VitalsServerStorage

/// `vitals migrate` (issue 18, item 4) leaves PostgreSQL's schema as the server made it, and
/// copies every table of a user's data but those it leaves out on purpose.
@Suite("Server: vitals migrate and the schema")
struct MigrationSchemaTests {
    @Test("The samples' indexes, dropped for a big user's copy, are back after it, and after its failure")
    func sampleIndexesRebuilt() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            try await PostgresRepository.withRepository(url: url) { try await $0.migrate() }
            let fresh = try await Self.sampleSchema(url: url)
            #expect(fresh.contains { $0.contains("samples_by_type_start") && $0.contains(" true ") })
            // server-v9 dropped the samples' foreign key (a write checks its user once, not per row).
            #expect(!fresh.contains { $0.contains("FOREIGN KEY") })
            #expect(fresh.filter { $0.hasPrefix("samples_p") }.count > 16)

            // Fails inside ada's transaction with the indexes dropped and her samples copied.
            struct Interrupted: Error {}
            await #expect(throws: VitalsError.self) {
                _ = try await MigrationTests.migrate(
                    sqlite.repository, to: url,
                    afterTable: { name, table in
                        if name == "ada", table == "samples" { throw Interrupted() }
                    })
            }
            #expect(try await Self.sampleSchema(url: url) == fresh)
            #expect(try await MigrationTests.rows(ofUsersOtherThan: "nobody", url: url) == 0)

            let report = try await MigrationTests.migrate(sqlite.repository, to: url)
            #expect(report.verified && report.sampleIndexesRebuilt.first == "ada")
            #expect(try await Self.sampleSchema(url: url) == fresh)
        }
    }

    @Test("Every SQLite table with a user's rows is copied, or named as left out (derived data)")
    func everyUserTableCopied() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let path = try #require(sqlite.repository as? SQLiteRepository).path
            let report = try await MigrationTests.migrate(
                sqlite.repository, to: try await TestPostgres.shared.newDatabase())
            var configuration = Configuration()
            configuration.readonly = true
            let tables = try await DatabaseQueue(path: path, configuration: configuration).read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT m.name FROM sqlite_master m WHERE m.type = 'table'
                            AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'user_id')
                        """)
            }
            #expect(tables.contains("samples") && tables.contains("route_points"))
            for table in tables {
                #expect(
                    report.rows[table] != nil || ServerMigration.derivedTables.contains(table),
                    "\(table) is neither copied nor in ServerMigration.derivedTables")
            }
        }
    }

    @Test("Each user's longest sample per type, found while the samples are read, equals PostgreSQL's MAX(end - start)")
    func longestSamples() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            _ = try await MigrationFixture.fill(sqlite, full: false)
            let url = try await TestPostgres.shared.newDatabase()
            #expect(try await MigrationTests.migrate(sqlite.repository, to: url).verified)
            try await MigrationTests.withClient(url: url) { client in
                func lines(_ sql: String) async throws -> [String] {
                    var lines: [String] = []
                    for try await line in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(String.self) {
                        lines.append(line)
                    }
                    return lines
                }
                let stored = try await lines(
                    """
                    SELECT user_id || ' ' || type || ' ' || float8send(longest) FROM sample_durations ORDER BY 1
                    """)
                let computed = try await lines(
                    """
                    SELECT user_id || ' ' || type || ' ' || float8send(MAX(end_time - start_time)) FROM samples
                    GROUP BY user_id, type ORDER BY 1
                    """)
                // Several types for each of the two users, compared bit for bit.
                #expect(stored.count > 4 && Set(stored.map { $0.prefix(while: { $0 != " " }) }).count == 2)
                #expect(stored == computed)
            }
        }
    }

    /// The indexes (valid or not) and constraints of `samples` and its partitions, one line each, sorted.
    static func sampleSchema(url: String) async throws -> [String] {
        try await MigrationTests.withClient(url: url) { client in
            var lines: [String] = []
            for try await line in try await client.query(
                """
                SELECT c.relname || ' ' || i.indisvalid || ' ' || pg_get_indexdef(i.indexrelid)
                FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
                WHERE t.relname LIKE 'samples%'
                UNION ALL
                SELECT t.relname || ' ' || k.conname || ' ' || k.convalidated || ' ' || pg_get_constraintdef(k.oid)
                FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid WHERE t.relname LIKE 'samples%'
                ORDER BY 1
                """
            ).decode(String.self) {
                lines.append(line)
            }
            return lines
        }
    }
}
