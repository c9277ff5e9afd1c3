import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// The `vitals serve` processes writing to one database, as the database knows them, so that
/// they share its write concurrency (``PostgresWriteBatcher``) with no coordination but it.
///
/// Each server's repository, while it runs as a service, notes itself in `server_processes`
/// every ``interval`` and counts the processes noted within ``lifetime``; its batcher then runs
/// at most its share of the write runners (`--postgres-write-runners` divided among them, at
/// least one each). A server that stops removes its row; one that dies drops out of the count
/// within ``lifetime``. So two servers on one database run as many write transactions at once
/// as one did, each batch as large. Measured on one 2-core machine that also ran the database
/// and the load: without the share, two servers wrote 6-23% fewer daily upserts than one; with
/// it, as many payloads and 2-21% fewer daily upserts, the second process's own overhead
/// (BENCHMARKS.md).
struct PostgresPeers: Sendable {
    /// This process's row.
    let id = UUID()
    let client: PostgresClient
    let logger: Logger
    /// How often a server notes itself and counts the others.
    static let interval: Duration = .seconds(5)
    /// How long a row counts after it was last noted (three missed notes).
    static let lifetime = 15
    /// Rows older than this are removed by whichever server notes itself next.
    static let kept = 60

    /// Notes this process as running now and answers how many processes are (itself included).
    func announce() async throws -> Int {
        let rows = try await client.query(
            """
            WITH pruned AS (
                DELETE FROM server_processes WHERE seen_at < now() - make_interval(secs => \(Self.kept))
            ), noted AS (
                INSERT INTO server_processes (id, seen_at) VALUES (\(id), now())
                ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at
            )
            SELECT count(*) FROM server_processes
            WHERE id <> \(id) AND seen_at >= now() - make_interval(secs => \(Self.lifetime))
            """, logger: logger)
        var others = 0
        for try await count in rows.decode(Int64.self) { others = Int(count) }
        return others + 1
    }

    /// Removes this process's row, so the others take its share at their next count.
    func leave() async throws {
        try await client.query("DELETE FROM server_processes WHERE id = \(id)", logger: logger)
    }

    /// Notes this process and shares `batcher`'s runners every ``interval`` until the task is
    /// cancelled or the service group shuts down gracefully, then leaves. A count that fails (the
    /// table not migrated yet, the database away) keeps the share as it was.
    ///
    /// A graceful shutdown ends the wait between counts, never a count under way: a query
    /// cancelled mid-flight ends its connection's lease while the pool may be handing it over,
    /// and the pool's own shutdown then waits for every lease.
    func run(sharing batcher: PostgresWriteBatcher) async {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                batcher.share(among: try await announce())
            } catch {
                logger.debug(
                    "could not count the servers on the database; the write runners stay as they were",
                    metadata: ["error": "\(String(reflecting: type(of: error)))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
        }
        // Its own task: this one may be cancelled, and the pool still runs until this returns.
        await Task { try? await leave() }.value
    }
}
