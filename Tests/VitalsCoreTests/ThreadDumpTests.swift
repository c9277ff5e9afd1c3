import Foundation
import Testing
import VitalsTestSupport

/// What a test that waited too long prints: every thread of the process, condensed.
@Suite("Test support: a thread dump shows where the process's threads wait")
struct ThreadDumpTests {
    /// A thread that waits in a function of its own until it is let go.
    final class Parked: @unchecked Sendable {
        private let condition = NSCondition()
        private var parked = false
        private var released = false

        func parkedForThreadDump() {
            condition.lock()
            parked = true
            condition.broadcast()
            while !released { condition.wait() }
            condition.unlock()
        }

        /// Waits until the thread is parked (at most 30 s).
        func waitUntilParked() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: 30)
            while !parked { if !condition.wait(until: deadline) { return false } }
            return true
        }

        func release() {
            condition.lock()
            released = true
            condition.broadcast()
            condition.unlock()
        }
    }

    @Test("A thread parked in the project's code is shown with its frame; idle ones are counted by kind", .mayBlock)
    func parkedThreadShown() async throws {
        let parked = Parked()
        let thread = Thread { parked.parkedForThreadDump() }
        thread.name = "parked"
        thread.start()
        defer { parked.release() }
        try #require(parked.waitUntilParked())
        let dump = await ThreadDump.text()
        #expect(dump.contains("parkedForThreadDump"), "\(dump)")
        #expect(dump.contains("threads,") && dump.contains("idle in the runtime"), "\(dump)")
    }
}
