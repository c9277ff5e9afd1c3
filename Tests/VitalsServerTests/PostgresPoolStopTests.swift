import Foundation
import Logging
import Testing
import VitalsTestSupport

@testable import VitalsPostgres

/// A repository stops even when PostgresNIO's pool does not: a keep-alive that starts on a
/// connection the pool's shutdown has just closed never ends, and the pool's `run()` waits for it.
///
/// Before the bound, this hung a full test run in about one of four (CI's watchdog ended it);
/// here a keep-alive every few milliseconds makes the race likely within a few hundred stops.
@Suite("Server: PostgreSQL's repository stops while keep-alives run")
struct PostgresPoolStopTests {
    @Test("Four hundred stops racing keep-alives: every one ends, at worst after the pool's limit")
    func stopsRacingKeepAlives() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { try await $0.migrate() }
        let log = CapturedLog()
        let hung = try await withThrowingTaskGroup(of: Int.self) { lanes in
            for _ in 0..<4 {
                lanes.addTask {
                    var hung = 0
                    for _ in 0..<100 where try await !Self.stops(url: url, logger: log.logger) { hung += 1 }
                    return hung
                }
            }
            return try await lanes.reduce(0, +)
        }
        #expect(hung == 0, "\(hung) of 400 repositories did not stop within a minute")
        let leftBehind = log.all.filter { $0.text.contains("did not stop within") }.count
        print("PostgresPoolStopTests: \(leftBehind) of 400 pools left behind after the limit")
    }

    @Test("Cancelled while it first connects, run() ends without an error, twenty times")
    func cancelledWhileConnecting() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        for _ in 0..<20 {
            let repository = try PostgresRepository(url: url, keepAlive: nil, poolStopLimit: .seconds(10))
            let running = Task { try await repository.run() }
            running.cancel()
            await #expect(throws: Never.self) { try await running.value }
        }
    }

    @Test("ends(_:within:) says whether a task ended in time, and does not wait for one that has not")
    func endsWithin() async {
        #expect(await PostgresRepository.ends(Task {}, within: .seconds(60)))
        let (gate, opener) = AsyncStream<Void>.makeStream()
        let waiting = Task { for await _ in gate {} }
        #expect(await !PostgresRepository.ends(waiting, within: .milliseconds(50)))
        opener.finish()
        #expect(await PostgresRepository.ends(waiting, within: .seconds(60)))
    }

    /// Runs a repository with a keep-alive every 1-10 ms, queries, and stops it after up to 40 ms;
    /// false when the stop took more than a minute (it hangs without the pool's limit).
    static func stops(url: String, logger: Logger) async throws -> Bool {
        let repository = try PostgresRepository(
            url: url, keepAlive: .milliseconds(Int.random(in: 1...10)), poolStopLimit: .milliseconds(500),
            logger: logger)
        let running = Task { try? await repository.run() }
        try await repository.migrate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await repository.users() } }
            try await group.waitForAll()
        }
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...40)))
        running.cancel()
        return await PostgresRepository.ends(running, within: .seconds(60))
    }
}
