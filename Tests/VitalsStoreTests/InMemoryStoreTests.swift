import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsStore

/// `SQLiteHealthStore(database:)`: a store over connections the caller opened.
@Suite("A store over the caller's connections")
struct InMemoryStoreTests {
    @Test("Over an in-memory queue: migrated, saves, reads statistics, bulk-writes, deletes; no file appears")
    func inMemory() async throws {
        let queue = try DatabaseQueue()
        let store = try SQLiteHealthStore(database: queue)
        #expect(store.path == ":memory:")
        let samples = try BulkWriteTests.steps(120)
        try await store.save(Array(samples.prefix(60)))
        let rest = Array(samples.dropFirst(60))
        try await store.bulkWrite { bulk in for sample in rest { try bulk.add(sample) } }
        #expect(try await store.samples(of: .stepCount).value.count == 120)
        let utc = Calendar.gregorian(in: TimeZone(identifier: "UTC")!)
        let day = try DateRange(start: date("2025-01-01T00:00:00Z"), end: date("2025-01-02T00:00:00Z"))
        let total = try await store.statistics(
            StatisticsQuery(
                type: .stepCount, range: day, interval: .day,
                calendar: utc, options: .sum))
        #expect(total.value.first?.sum == Double((0..<120).reduce(0, +)))
        #expect(try await store.delete([samples[0].uuid]) == 1)
        #expect(try await store.changes(since: nil, types: nil).deleted.map(\.uuid) == [samples[0].uuid])
        // The caller's queue sees the store's tables: it is the same database.
        #expect(try await queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM samples") } == 119)
        // Insights' record tables migrate on the same connections.
        _ = try SQLiteReminderStore(store)
        #expect(try await queue.read { try $0.tableExists("reminders") })
    }

    @Test("Over a caller's file queue in rollback-journal mode, a bulk write leaves its journal mode alone")
    func callersJournalMode() async throws {
        let path = TestFolder.path("vitals-caller", suffix: ".sqlite")
        defer {
            for suffix in ["", "-journal", "-wal", "-shm", ".lock"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        let queue = try DatabaseQueue(path: path)
        let store = try SQLiteHealthStore(database: queue)
        let samples = try BulkWriteTests.steps(30)
        try await store.bulkWrite { bulk in for sample in samples { try bulk.add(sample) } }
        #expect(try await queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "delete")
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"), "no file lock for the caller's connections")
        #expect(try await store.samples(of: .stepCount).value.count == 30)
    }
}
