import Foundation
import GRDB
import Testing
import VitalsTestSupport

@testable import VitalsServerStorage

@Suite("Server SQLite ingest log: one per-user index")
struct SQLiteIngestLogIndexTests {
    static let day: TimeInterval = 86_400
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// A database migrated up to server-v12 with entries of two users in its two-index log.
    static func makeV12Database(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteRepository.migrator.migrate(queue, upTo: "server-v12-sync-raw-data")
        try queue.write { db in
            for (id, name) in [(1, "ada"), (2, "bo")] {
                try db.execute(
                    sql: "INSERT INTO users (id, name, time_zone, created_at) VALUES (?, ?, 'UTC', 0)",
                    arguments: [id, name])
            }
            for (user, days) in [(1, 0.0), (2, 0.0), (1, 1.0)] {
                try db.execute(
                    sql: """
                        INSERT INTO ingest_log (user_id, received_at, kind, status, body_bytes, samples_received,
                            samples_stored, workouts_received, workouts_stored, sample_types, skipped, days_updated)
                        VALUES (?, ?, 'daily', 200, 10, 0, 0, 0, 0, '[]', '[]', '[]')
                        """, arguments: [user, start.addingTimeInterval(days * day).timeIntervalSince1970])
            }
        }
        try queue.close()
    }

    @Test("v13 leaves one per-user index with the arrival time; entries stay; pruning reads that index alone")
    func migrationAndPlan() async throws {
        let path = TestFolder.path("vitals-server-ingest-index", suffix: ".sqlite")
        defer { removeDatabaseFiles(path) }
        try Self.makeV12Database(at: path)

        let repository = try SQLiteRepository(path: path)
        try await repository.migrate()
        let ada = ServerUser(id: 1, name: "ada", timeZone: "UTC")
        #expect(try await repository.ingests(of: ada, limit: 10, before: nil).count == 2)
        try await repository.close()

        let queue = try DatabaseQueue(path: path)
        try await queue.read { db in
            let indexes = try db.indexes(on: "ingest_log").filter { !$0.name.hasPrefix("sqlite_") }
            #expect(indexes.map(\.name) == ["ingest_log_by_user"])
            #expect(indexes.first?.columns == ["user_id", "id", "received_at"])
            let plan: [String] = try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN \(SQLiteRepository.pruneSQL)", arguments: [1, 0]
            ).map { $0["detail"] }
            #expect(!plan.isEmpty)
            #expect(plan.allSatisfy { !$0.contains("SCAN ingest_log") }, "\(plan)")
            #expect(plan.contains { $0.contains("COVERING INDEX ingest_log_by_user") }, "\(plan)")
        }
        try queue.close()
    }

    @Test("Entries go in the order they were written, up to the first one still kept, and only the user's")
    func pruneInArrivalOrder() async throws {
        let path = TestFolder.path("vitals-server-ingest-prune", suffix: ".sqlite")
        defer { removeDatabaseFiles(path) }
        let repository = try SQLiteRepository(path: path)
        try await repository.migrate()
        let ada = try await repository.addUser(name: "ada", timeZone: "UTC", tokenHash: "a", at: Self.start)
        let bo = try await repository.addUser(name: "bo", timeZone: "UTC", tokenHash: "b", at: Self.start)

        // Received on days 0, 1, 2, 10, 3 (a clock set back), 20; and bo's on day 0.
        func record(_ user: ServerUser, day: Double, keepingSince cutoff: Date = .distantPast) async throws -> Int64 {
            let entry = IngestLogEntry(kind: .daily, receivedAt: Self.start.addingTimeInterval(day * Self.day))
            return try await repository.recordIngest(entry, for: user, keepingSince: cutoff)
        }
        var ids: [Double: Int64] = [:]
        for day in [0.0, 1, 2, 10, 3, 20] { ids[day] = try await record(ada, day: day) }
        let bos = try await record(bo, day: 0)

        // Keeping from day 5: days 0-2 go; day 3 stays behind day 10, written before it.
        let latest = try await record(ada, day: 21, keepingSince: Self.start.addingTimeInterval(5 * Self.day))
        var kept = try await repository.ingests(of: ada, limit: 50, before: nil).map(\.id)
        #expect(kept == [latest, ids[20], ids[3], ids[10]].compactMap { $0 })
        #expect(try await repository.ingests(of: bo, limit: 50, before: nil).map(\.id) == [bos])

        // Keeping from day 15: day 10 goes, and with it day 3 behind it.
        let last = try await record(ada, day: 22, keepingSince: Self.start.addingTimeInterval(15 * Self.day))
        kept = try await repository.ingests(of: ada, limit: 50, before: nil).map(\.id)
        #expect(kept == [last, latest, ids[20]].compactMap { $0 })

        // Nothing kept from before day 30: every earlier entry goes, the new one stays.
        let only = try await record(ada, day: 23, keepingSince: Self.start.addingTimeInterval(30 * Self.day))
        #expect(try await repository.ingests(of: ada, limit: 50, before: nil).map(\.id) == [only])
        #expect(try await repository.ingests(of: bo, limit: 50, before: nil).map(\.id) == [bos])
        try await repository.close()
    }
}
