import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsStore

@Suite("Schema migrations")
struct MigrationTests {
    /// A store file as version v2 wrote it (samples with AUTOINCREMENT), with three samples of
    /// which the newest was deleted, so the sequence (3) is ahead of the largest id (2).
    static func makeV2Store(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteHealthStore.migrator.migrate(queue, upTo: "v2-import")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO types (id, identifier) VALUES (1, 'HKQuantityTypeIdentifierStepCount')")
            try db.execute(
                sql: "INSERT INTO sources (id, name, bundle_identifier) VALUES (1, 'iPhone', 'com.apple.health')")
            for index in 1...3 {
                try db.execute(
                    sql: """
                        INSERT INTO samples (uuid, type_id, start, "end", value, source_id, created)
                        VALUES (?, 1, ?, ?, ?, 1, ?)
                        """,
                    arguments: [
                        UUID(), 1_700_000_000 + index * 60, 1_700_000_060 + index * 60, index * 10, 1_700_000_000,
                    ])
            }
            try db.execute(sql: "INSERT INTO sample_links (parent_id, child_id) VALUES (1, 2)")
            try db.execute(sql: "DELETE FROM samples WHERE id = 3")
        }
        try queue.close()
    }

    @Test("v3 drops AUTOINCREMENT but keeps rows, links and the sequence: no anchor is reused")
    func anchorsSurviveTheRebuild() async throws {
        let directory = TestFolder.url("vitals-migration")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("store.sqlite").path
        try Self.makeV2Store(at: path)

        let store = try SQLiteHealthStore(path: path)
        let before = try await store.changes(since: nil, types: nil)
        #expect(before.added.map(\.quantity?.value) == [10, 20])
        #expect(before.anchor.rawValue == 3, "the deleted sample's id stays taken")

        let new = try Sample.quantity(
            .stepCount, 5, .count, start: Date(timeIntervalSince1970: 1_700_001_000),
            source: iPhone
        ).validated()
        try await store.save([new])
        let after = try await store.changes(since: before.anchor, types: nil)
        #expect(after.added.map(\.uuid) == [new.uuid])
        #expect(after.anchor.rawValue == 4)

        let schema = try await DatabaseQueue(path: path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'samples'")
        }
        #expect(schema?.contains("AUTOINCREMENT") == false)
        let links = try await DatabaseQueue(path: path).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sample_links")
        }
        #expect(links == 1)
    }

    @Test("Deleting the newest sample never gives its anchor to the next one")
    func newestDeleted() async throws {
        let temporary = try TemporaryStore()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try Sample.quantity(.stepCount, 1, .count, start: start, source: iPhone).validated()
        let second = try Sample.quantity(.stepCount, 2, .count, start: start + 60, source: iPhone).validated()
        try await temporary.store.save([first, second])
        let saved = try await temporary.store.changes(since: nil, types: nil).anchor
        _ = try await temporary.store.delete([second.uuid])
        let third = try Sample.quantity(.stepCount, 3, .count, start: start + 120, source: iPhone).validated()
        let reopened = try temporary.reopen()
        try await reopened.save([third])
        let changes = try await reopened.changes(since: saved, types: nil)
        #expect(changes.deleted.map(\.uuid) == [second.uuid])
        #expect(changes.added.map(\.uuid) == [third.uuid])
        #expect(changes.anchor.rawValue == saved.rawValue + 2)
    }
}
