import Foundation
import Synchronization
import Testing
import VitalsCore

@testable import VitalsImport

/// The export parser's channel: a producing task suspended while it is full, a consuming task
/// suspended while it is empty.
@Suite("Import channel: back-pressure between two tasks, no thread blocked")
struct BatchChannelTests {
    @Test("Every batch arrives in order, through a full channel and an empty one, then the end")
    func batchesInOrder() async throws {
        let channel = BatchChannel<[Int]>(capacity: 1)
        let producer = Task {
            for index in 0..<200 {
                // Now and then the consumer waits on an empty channel, now and then the producer on a full one.
                if index % 50 == 0 { try? await Task.sleep(for: .milliseconds(10)) }
                guard await channel.send([index, index]) else { return }
            }
            channel.finish()
        }
        var received: [Int] = []
        while let batch = try await channel.next() {
            received += batch
            if received.count % 100 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        await producer.value
        #expect(received == (0..<200).flatMap { [$0, $0] })
        #expect(try await channel.next() == nil)
        let waits = channel.waits
        #expect(waits.producer > 0 && waits.consumer > 0, "both sides waited at some point")
    }

    @Test("The producer is held at the bound: it never runs more than `capacity` batches ahead")
    func bounded() async throws {
        let channel = BatchChannel<Int>(capacity: 3)
        let sent = Atomic<Int>(0)
        let producer = Task {
            for index in 0..<20 {
                guard await channel.send(index) else { return }
                sent.add(1, ordering: .relaxed)
            }
            channel.finish()
        }
        var taken = 0
        while true {
            // Give the producer time to run ahead as far as it can.
            try await Task.sleep(for: .milliseconds(20))
            let ahead = sent.load(ordering: .relaxed) - taken
            #expect(ahead <= 3 + 1, "sent \(sent.load(ordering: .relaxed)) with \(taken) taken")
            guard try await channel.next() != nil else { break }
            taken += 1
        }
        await producer.value
        #expect(taken == 20)
    }

    @Test("The producer's error reaches a consumer waiting on the empty channel, after what was sent")
    func errorReachesWaitingTask() async throws {
        let channel = BatchChannel<Int>()
        #expect(await channel.send(1))
        let producer = Task {
            try? await Task.sleep(for: .milliseconds(50))
            channel.finish(throwing: VitalsError(.invalidInput, "not an export"))
        }
        #expect(try await channel.next() == 1)
        let error = await #expect(throws: VitalsError.self) { try await channel.next() }
        #expect(error?.message == "not an export")
        await producer.value
    }

    @Test("A consumer that closes the channel wakes a producer waiting on it; later sends are refused")
    func closeWakesProducer() async throws {
        let channel = BatchChannel<Int>(capacity: 1)
        #expect(await channel.send(1))
        let producer = Task { await channel.send(2) }
        try await Task.sleep(for: .milliseconds(30))
        channel.close()
        #expect(await producer.value == false)
        #expect(await channel.send(3) == false)
    }

    @Test("A producer waiting on a full channel ends when its task is cancelled")
    func cancelledProducer() async throws {
        let channel = BatchChannel<Int>(capacity: 1)
        #expect(await channel.send(1))
        let producer = Task { await channel.send(2) }
        try await Task.sleep(for: .milliseconds(30))
        producer.cancel()
        #expect(await producer.value == false)
        #expect(try await channel.next() == 1, "what was sent before stays")
    }
}
