import Foundation
import Testing
import VitalsCore

@testable import VitalsImport

/// The export parser's pipe: a producer on a thread of its own, a writer that is a task
/// suspended while the pipe is empty.
@Suite("Import pipe: a task takes what a thread hands over")
struct ItemPipeTests {
    @Test("Every batch arrives in order, through a full pipe and an empty one, then the end")
    func batchesInOrder() async throws {
        let pipe = ItemPipe<Int>(capacity: 1)
        let producer = Thread {
            for index in 0..<200 {
                // Now and then the writer waits on an empty pipe, now and then the producer on a full one.
                if index % 50 == 0 { Thread.sleep(forTimeInterval: 0.01) }
                guard pipe.push([index, index]) else { return }
            }
            pipe.finish(nil)
        }
        producer.start()
        var received: [Int] = []
        while let batch = try await pipe.next() {
            received += batch
            if received.count % 100 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        #expect(received == (0..<200).flatMap { [$0, $0] })
        #expect(try await pipe.next() == nil)
    }

    @Test("The producer's error reaches a writer waiting on the empty pipe")
    func errorReachesWaitingTask() async throws {
        let pipe = ItemPipe<Int>()
        let producer = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            pipe.finish(VitalsError(.invalidInput, "not an export"))
        }
        producer.start()
        let error = await #expect(throws: VitalsError.self) { try await pipe.next() }
        #expect(error?.message == "not an export")
    }
}
