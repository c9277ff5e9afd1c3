import Foundation
import PostgresNIO
import Testing

@testable import VitalsPostgres

/// Servers on one PostgreSQL database share its write runners (`--postgres-write-runners`),
/// knowing each other through the database alone (``PostgresPeers``).
@Suite("Server: servers on one PostgreSQL database share its write runners")
struct PostgresPeersTests {
    @Test("Two repositories count each other; a row not noted within its lifetime does not count and is pruned")
    func counted() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let first = try PostgresRepository(url: url, maximumConnections: 4)
        let second = try PostgresRepository(url: url, maximumConnections: 4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await first.runPool() }
            group.addTask { await second.runPool() }
            defer { group.cancelAll() }
            try await first.migrate()
            #expect(try await first.peers.announce() == 1)
            #expect(try await second.peers.announce() == 2)
            #expect(try await first.peers.announce() == 2)
            try await first.client.query(
                """
                INSERT INTO server_processes (id, seen_at) VALUES
                    (gen_random_uuid(), now() - make_interval(secs => \(PostgresPeers.lifetime + 1))),
                    (gen_random_uuid(), now() - make_interval(secs => \(PostgresPeers.kept + 1)))
                """)
            #expect(try await first.peers.announce() == 2, "the stale rows are not servers")
            let rows = try await first.client.query("SELECT count(*) FROM server_processes").collect()
            #expect(try rows.first?.decode(Int64.self) == 3, "the row older than it is kept is removed")
            try await second.peers.leave()
            #expect(try await first.peers.announce() == 1)
        }
    }

    @Test("Two servers running as services each take half the write runners; when one stops, the other takes all")
    func runningServers() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let first = try PostgresRepository(url: url, maximumConnections: 8, writeRunners: 4)
        let second = try PostgresRepository(url: url, maximumConnections: 8, writeRunners: 4)
        try await PostgresRepository.withRepository(url: url) { try await $0.migrate() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await first.run() }
            let secondRun = Task { try await second.run() }
            defer {
                secondRun.cancel()
                group.cancelAll()
            }
            // Nothing bounds this wait but patience: generous for a loaded machine.
            try await Self.until(PostgresPeers.interval * 6, "two runners each") {
                first.batcher.allowedRunners == 2 && second.batcher.allowedRunners == 2
            }
            secondRun.cancel()
            _ = await secondRun.result
            // Sooner than the stopped server's row could stop counting (at the earliest a lifetime
            // after its last announcement, an interval before it stopped): it removed the row as it stopped.
            let limit = Duration.seconds(PostgresPeers.lifetime) - PostgresPeers.interval - .milliseconds(500)
            #expect(limit > PostgresPeers.interval)
            try await Self.until(limit, "all four runners once the other stopped") { first.batcher.allowedRunners == 4 }
        }
    }

    /// Waits until `condition` holds, for at most `limit`.
    static func until(_ limit: Duration, _ what: String, _ condition: @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("not \(what) within \(limit)")
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
