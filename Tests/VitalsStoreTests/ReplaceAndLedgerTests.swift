import Foundation
import GRDB
import Testing
import VitalsCore

@testable import VitalsStore

@Suite("Replacing samples and the ingestion ledger")
struct ReplaceAndLedgerTests {
    @Test("replace deletes and inserts in one transaction; a failing insert keeps the old sample")
    func replaceIsAtomic() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let old = Sample.quantity(.bodyMass, 80, .kilogram, start: date("2025-10-01T07:00:00Z"), source: iPhone)
        let other = Sample.quantity(.bodyMass, 81, .kilogram, start: date("2025-10-02T07:00:00Z"), source: iPhone)
        try await store.save([old, other])
        let anchor = try await store.changes(since: nil, types: nil).anchor
        await #expect(throws: VitalsError.self) { try await store.replace(old.uuid, with: other) }
        var invalid = old
        invalid.uuid = UUID()
        invalid.content = .quantity(Quantity(80, .meter))
        await #expect(throws: VitalsError.self) { try await store.replace(old.uuid, with: invalid) }
        #expect(try await store.samples(of: .bodyMass).value.map(\.uuid) == [old.uuid, other.uuid])
        #expect(try await store.changes(since: nil, types: nil).anchor == anchor)

        var edited = old
        edited.uuid = UUID()
        edited.content = .quantity(Quantity(79, .kilogram))
        try await store.replace(old.uuid, with: edited)
        #expect(try await store.samples(of: .bodyMass).value.map(\.uuid) == [edited.uuid, other.uuid])
        let changes = try await store.changes(since: anchor, types: nil)
        #expect(changes.deleted.map(\.uuid) == [old.uuid] && changes.added.map(\.uuid) == [edited.uuid])
        let missing = await #expect(throws: VitalsError.self) { try await store.replace(UUID(), with: edited) }
        #expect(missing?.code == .notFound)
    }

    @Test("the ingestion ledger is a new table (migration v4) that persists and records each UUID once per kind")
    func ledgerPersists() async throws {
        let temporary = try TemporaryStore()
        let first = UUID(), second = UUID(), record = UUID()
        let now = Date(timeIntervalSince1970: 1_760_000_000)
        let added = try await temporary.store.recordIngestion([
            IngestionEntry(sampleUUID: first, kind: "workout", recordID: record, ingestedAt: now),
            IngestionEntry(sampleUUID: second, kind: "meal", recordID: record, ingestedAt: now),
        ])
        #expect(added == [first, second])
        let reopened = try temporary.reopen()
        #expect(try await reopened.ingestedUUIDs(among: [first, second, UUID()], kind: "workout") == [first])
        let again = try await reopened.recordIngestion([
            IngestionEntry(sampleUUID: first, kind: "workout", recordID: UUID(), ingestedAt: now),
            IngestionEntry(sampleUUID: second, kind: "workout", recordID: UUID(), ingestedAt: now),
        ])
        #expect(again == [second])
        let migrations = try await DatabaseQueue(path: temporary.path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
        #expect(migrations.contains("v5-ingestion-ledger"))
        #expect(migrations.last == "v9-daily-discrete-parts")
    }
}
