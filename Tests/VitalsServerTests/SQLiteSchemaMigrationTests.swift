import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsServerStorage

@Suite("Server SQLite schema migrations")
struct SQLiteSchemaMigrationTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Samples as a server-v3 database holds them: two users, two types, metadata on some.
    static let stored: [(user: Int64, sample: StoredSample)] = (0..<40).map { index in
        let type = index % 2 == 0 ? SampleType.heartRate.identifier : SampleType.stepCount.identifier
        let metadata: Metadata =
            index % 4 == 0 ? ["HKMetadataKeyHeartRateMotionContext": .number(Double(index % 3))] : [:]
        let begin = start.addingTimeInterval(Double(index) * 60)
        return (
            Int64(1 + index % 3 / 2),
            StoredSample(
                uuid: UUID(), type: type, start: begin, end: begin.addingTimeInterval(30),
                value: Double(index) + 0.5, sourceName: "Watch \(index % 3)",
                metadata: metadata)
        )
    }

    /// A database file migrated up to server-v3 with ``stored`` in its TEXT-typed `samples`.
    static func makeV3Database(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteRepository.migrator.migrate(queue, upTo: "server-v3-full-records")
        try queue.write { db in
            for (id, name) in [(1, "ada"), (2, "bo")] {
                try db.execute(
                    sql: "INSERT INTO users (id, name, time_zone, created_at) VALUES (?, ?, 'UTC', 0)",
                    arguments: [id, name])
            }
            for (user, sample) in stored {
                try db.execute(
                    sql: """
                        INSERT INTO samples (user_id, uuid, type, start, "end", value, source_name, metadata)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        user, sample.uuid, sample.type, sample.start.timeIntervalSince1970,
                        sample.end.timeIntervalSince1970, sample.value, sample.sourceName, sample.metadataJSON,
                    ])
            }
        }
        try queue.close()
    }

    @Test("v4 moves every sample to integer type ids unchanged; reads, re-inserts and new types work after it")
    func typeIdsKeepEverySample() async throws {
        let directory = TestFolder.url("vitals-server-migration")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("server.sqlite").path
        try Self.makeV3Database(at: path)

        let repository = try SQLiteRepository(path: path)
        try await repository.migrate()
        let users = [ServerUser(id: 1, name: "ada", timeZone: "UTC"), ServerUser(id: 2, name: "bo", timeZone: "UTC")]
        for user in users {
            for type in [SampleType.heartRate, .stepCount] {
                let read = try await repository.samples(of: user, type: type, startingBefore: nil, endingFrom: nil)
                let expected = Self.stored.filter { $0.user == user.id && $0.sample.type == type.identifier }.map(
                    \.sample)
                #expect(!expected.isEmpty)
                #expect(read == expected.sorted { ($0.start, $0.uuid.uuidString) < ($1.start, $1.uuid.uuidString) })
            }
        }

        let columns = try await DatabaseQueue(path: path).read { db in try db.columns(in: "samples").map(\.name) }
        #expect(columns.contains("type_id") && !columns.contains("type"))

        // Stored samples are still found by UUID; a sample of a type never seen before gets an id.
        let again = Self.stored.filter { $0.user == 1 }.map(\.sample)
        let fresh = StoredSample(
            uuid: UUID(), type: SampleType.bodyMass.identifier, start: Self.start, end: Self.start,
            value: 70, sourceName: "Scale")
        let added = try await repository.writeTransaction(for: users[0]) { store in
            try await store.insert(again + [fresh])
        }
        #expect(added == [again.count])
        let mass = try await repository.samples(of: users[0], type: .bodyMass, startingBefore: nil, endingFrom: nil)
        #expect(mass == [fresh])
        #expect(try await repository.sourceNames(of: users[0], type: .bodyMass) == ["Scale"])
        let coverage = try await repository.sampleCoverage(
            of: users[0], dayStarts: [Self.start, Self.start.addingTimeInterval(86_400)])
        #expect(
            Set(coverage.map(\.type)) == [
                SampleType.heartRate.identifier, SampleType.stepCount.identifier,
                SampleType.bodyMass.identifier,
            ])
        try await repository.close()
    }
}
