import Foundation
import PostgresNIO
import Testing

@testable import VitalsPostgres

/// PostgreSQL keeps samples in partitions by a hash of the user: a user's queries read one.
@Suite("Server: PostgreSQL sample partitions")
struct SamplePartitionsTests {
    /// A repository on a new database whose pool runs for `body`.
    static func withRepository(_ body: @escaping @Sendable (PostgresRepository) async throws -> Void) async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in try await body(repository) }
    }

    @Test("Samples stored before the partitions exist are moved into them by the migration, nothing lost")
    func migrationKeepsRows() async throws {
        try await Self.withRepository { repository in
            let client = repository.client
            // The schema as it was before partitions, with a user and two samples in it.
            try await client.query(
                "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)")
            for migration in PostgresRepository.migrations.prefix(while: { $0.version != "server-v6-samples-by-user" })
            {
                for statement in migration.statements { try await client.query(PostgresQuery(unsafeSQL: statement)) }
                try await client.query("INSERT INTO schema_migrations VALUES (\(migration.version), now())")
            }
            try await client.query("INSERT INTO users (name, time_zone, created_at) VALUES ('ada', 'UTC', now())")
            for (uuid, value) in [
                ("00000000-0000-0000-0000-000000000001", 12.0), ("00000000-0000-0000-0000-000000000002", 34.0),
            ] {
                try await client.query(
                    PostgresQuery(
                        unsafeSQL: """
                            INSERT INTO samples (user_id, uuid, type, start_time, end_time, value, source_name, metadata)
                            SELECT id, '\(uuid)', 'HKQuantityTypeIdentifierStepCount', 1.0, 2.0, \(value), 'Phone', '{"a":1}' FROM users
                            """))
            }
            try await repository.migrate()
            let rows = try await client.query("SELECT value, metadata FROM samples ORDER BY value").collect()
            #expect(try rows.map { try $0.decode((Double, String?).self).0 } == [12.0, 34.0])
            #expect(try rows.first?.decode((Double, String?).self).1 == #"{"a":1}"#)
            let partitions = try await client.query(
                """
                SELECT count(*) FROM pg_inherits WHERE inhparent = 'samples'::regclass
                """
            ).collect().first?.decode(Int.self)
            #expect(partitions == PostgresRepository.samplePartitions)
            #expect(
                try await client.query("SELECT to_regclass('samples_before_partitions')::text").collect()
                    .first?.decode(String?.self) == nil)
        }
    }

    @Test("A user's sample query reads one partition, and many users spread over them")
    func pruning() async throws {
        try await Self.withRepository { repository in
            try await repository.migrate()
            let client = repository.client
            try await client.query(
                """
                INSERT INTO users (name, time_zone, created_at) SELECT 'user' || n, 'UTC', now() FROM generate_series(1, 64) n
                """)
            try await client.query(
                """
                INSERT INTO samples (user_id, uuid, type, start_time, end_time, value, source_name)
                SELECT id, gen_random_uuid(), 'HKQuantityTypeIdentifierStepCount', 1.0, 2.0, 1.0, 'Phone' FROM users
                """)
            let used =
                try await client.query(
                    """
                    SELECT count(DISTINCT tableoid) FROM samples
                    """
                ).collect().first?.decode(Int.self) ?? 0
            #expect(used > PostgresRepository.samplePartitions / 2, "64 users land in most of the 16 partitions")
            let plan = try await client.query(
                """
                EXPLAIN SELECT * FROM samples WHERE user_id = 7 AND type = 'HKQuantityTypeIdentifierStepCount'
                    AND start_time < 100
                """
            ).collect().map { try $0.decode(String.self) }.joined(separator: "\n")
            let scanned = Set(plan.matches(of: /samples_p[0-9]+/).map { String($0.output) })
            #expect(scanned.count == 1, "\(plan)")
        }
    }
}
