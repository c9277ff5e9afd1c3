import Foundation
import GRDB
import Testing
import VitalsCore

@testable import VitalsStore

/// `bulkWrite(awaiting:)`: one transaction whose body awaits between writes, on the writer queue.
@Suite("Bulk writes that await what they store")
struct BulkWriteSessionTests {
    @Test("Writes on both sides of an await commit together; another connection sees none of them before")
    func oneTransaction() async throws {
        let temporary = try TemporaryStore()
        let other = try DatabaseQueue(path: temporary.path)
        let count = { try await other.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM samples") } }
        #expect(try await count() == 0)
        let samples = try BulkWriteTests.steps(200)
        let (halfway, reached) = AsyncStream.makeStream(of: Void.self)
        let (resume, resumed) = AsyncStream.makeStream(of: Void.self)
        let write = Task {
            try await temporary.store.bulkWrite { _, bulk in
                for sample in samples.prefix(100) { try bulk.add(sample) }
                reached.yield()
                // Awaits something outside: the writer queue's thread sleeps meanwhile.
                for await _ in resume { break }
                for sample in samples.dropFirst(100) { try bulk.add(sample) }
                return bulk.summary.added
            }
        }
        for await _ in halfway { break }
        #expect(try await count() == 0, "nothing is visible while the transaction is open")
        resumed.yield()
        #expect(try await write.value == 200)
        #expect(try await count() == 200)
        #expect(try await temporary.store.samples(of: .stepCount).value.count == 200)
        try other.close()
    }

    @Test("A body that throws after an await leaves the store as it was, and the store writes on")
    func rollback() async throws {
        let temporary = try TemporaryStore()
        struct Stop: Error {}
        let samples = try BulkWriteTests.steps(50)
        // The store reports the body's error as its own, with the body's as the cause.
        await #expect(throws: VitalsError.self) {
            try await temporary.store.bulkWrite { _, bulk in
                for sample in samples { try bulk.add(sample) }
                try await Task.sleep(for: .milliseconds(20))
                throw Stop()
            }
        }
        #expect(try await temporary.store.samples(of: .stepCount).value.isEmpty)
        let added = try await temporary.store.bulkWrite { _, bulk in
            try await Task.sleep(for: .milliseconds(5))
            for sample in samples { try bulk.add(sample) }
            return bulk.summary.added
        }
        #expect(added == 50)
        #expect(try await temporary.store.samples(of: .stepCount).value.count == 50)
    }

    @Test("Other writes wait for an awaiting bulk write and then run")
    func othersWait() async throws {
        let temporary = try TemporaryStore()
        let samples = try BulkWriteTests.steps(20)
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let bulk = Task {
            try await temporary.store.bulkWrite { _, bulk in
                start.yield()
                try await Task.sleep(for: .milliseconds(100))
                for sample in samples.prefix(10) { try bulk.add(sample) }
            }
        }
        for await _ in started { break }
        _ = try await temporary.store.save(Array(samples.dropFirst(10)), duplicates: .skip)
        try await bulk.value
        #expect(try await temporary.store.samples(of: .stepCount).value.count == 20)
    }
}
