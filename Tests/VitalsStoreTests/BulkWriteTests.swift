import Foundation
import GRDB
import Testing
import VitalsCore

@testable import VitalsStore

@Suite("Bulk writes")
struct BulkWriteTests {
    static func steps(_ count: Int) throws -> [Sample] {
        let start = date("2025-01-01T00:00:00Z")
        return try (0..<count).map {
            try Sample.quantity(
                .stepCount, Double($0), .count, start: start + Double($0) * 60,
                end: start + Double($0) * 60 + 60, source: iPhone
            ).validated()
        }
    }

    /// Whether a rollback journal exists next to the store right now.
    static func journalExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path + "-journal") }

    /// The journal mode recorded in the file, read through a new connection.
    static func fileJournalMode(_ path: String) throws -> String? {
        try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    }

    @Test("Alone on the file, a bulk write uses a rollback journal and leaves the file in WAL mode")
    func exclusive() async throws {
        let temporary = try TemporaryStore()
        _ = try await temporary.store.samples(of: .stepCount)  // opens a reader connection, released by the bulk write
        let samples = try Self.steps(500)
        let sawJournal = try await temporary.store.bulkWrite { bulk in
            for sample in samples { try bulk.add(sample) }
            return Self.journalExists(temporary.path)
        }
        #expect(sawJournal)
        #expect(!Self.journalExists(temporary.path))
        #expect(try await temporary.store.samples(of: .stepCount).value.count == 500)
        #expect(try Self.fileJournalMode(temporary.path) == "wal")
    }

    @Test("With another connection open, a bulk write stays in WAL mode and commits everything")
    func shared() async throws {
        let temporary = try TemporaryStore()
        let other = try DatabaseQueue(path: temporary.path)
        try await other.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM samples") }
        let samples = try Self.steps(300)
        let sawJournal = try await temporary.store.bulkWrite { bulk in
            for sample in samples { try bulk.add(sample) }
            return Self.journalExists(temporary.path)
        }
        #expect(!sawJournal)
        #expect(try await other.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM samples") } == 300)
        try other.close()
    }

    @Test("A bulk write that throws in rollback-journal mode leaves the store as it was, in WAL mode")
    func failure() async throws {
        let temporary = try TemporaryStore()
        let first = try Self.steps(10)
        try await temporary.store.bulkWrite { bulk in for sample in first { try bulk.add(sample) } }
        struct Stop: Error {}
        let more = try Self.steps(400).dropFirst(10)
        // The caller's error comes back wrapped, as every write failure does.
        let error = await #expect(throws: VitalsError.self) {
            try await temporary.store.bulkWrite { bulk in
                for sample in more { try bulk.add(sample) }
                throw Stop()
            }
        }
        #expect(error?.code == .database)
        #expect(!Self.journalExists(temporary.path))
        #expect(try await temporary.store.samples(of: .stepCount).value.count == 10)
        #expect(try Self.fileJournalMode(temporary.path) == "wal")
        let reopened = try temporary.reopen()
        #expect(try await reopened.samples(of: .stepCount).value.count == 10)
    }
}
