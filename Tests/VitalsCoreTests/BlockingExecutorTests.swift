import Foundation
import Testing
import VitalsTestSupport

/// Blocking code under ``MayBlockTrait`` and ``blocking(_:)`` never waits for a thread.
@Suite("Test support: blocking code runs on threads of its own")
struct BlockingExecutorTests {
    /// A barrier `parties` threads must all reach; `arrive()` says whether they did within 60 s.
    final class Barrier: @unchecked Sendable {
        private let condition = NSCondition()
        private var arrived = 0
        private let parties: Int
        init(parties: Int) { self.parties = parties }

        func arrive() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            arrived += 1
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: 60)
            while arrived < parties {
                if !condition.wait(until: deadline) { return false }
            }
            return true
        }
    }

    /// More children than Swift concurrency has threads each block until all have arrived: on its
    /// shared threads they would wait for each other until the deadline; here they all arrive.
    @Test("Children that block until all of them run meet, more of them than there are cores", .mayBlock)
    func childrenMeet() async {
        let parties = ProcessInfo.processInfo.activeProcessorCount + 4
        let barrier = Barrier(parties: parties)
        let arrivals = await withTaskGroup(of: (Bool, String).self) { group in
            for _ in 0..<parties { group.addTask { (barrier.arrive(), Self.threadName()) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(arrivals.count == parties && arrivals.allSatisfy(\.0))
        #expect(arrivals.allSatisfy { $0.1 == BlockingExecutor.threadName }, "each child on the executor's threads")
    }

    /// The calling thread's name (synchronous: `Thread.current` is not for async code).
    static func threadName() -> String { BlockingExecutor.currentThreadName }

    @Test("blocking(_:) runs its body in the calling task, whose task-local values it sees")
    func keepsTaskLocals() async throws {
        let name = try await blocking { Test.current?.name }
        #expect(name == Test.current?.name && name != nil)
        let barrier = Barrier(parties: 3)
        async let first = blocking { barrier.arrive() }
        async let second = blocking { barrier.arrive() }
        let third = try await blocking { barrier.arrive() }
        let (a, b) = try await (first, second)
        #expect(a && b && third)
    }
}
