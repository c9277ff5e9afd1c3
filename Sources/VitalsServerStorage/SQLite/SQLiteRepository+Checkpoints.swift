import Foundation
import GRDB
import ServiceLifecycle

extension SQLiteRepository: Service {
    /// Checkpoints the WAL in the background while the server runs, off the write path.
    ///
    /// By default SQLite checkpoints inside the commit that pushes the WAL past 1,000 pages, so
    /// every few hundred requests one batch waits for pages to be copied and the file synced.
    /// While this runs, the writer skips those checkpoints; a separate connection copies the WAL
    /// into the database every ``Configuration/checkpointInterval`` (a passive checkpoint never
    /// blocks the writer or readers), and each time it succeeded the writer, after its next
    /// batch, copies the few pages committed meanwhile so the log can restart instead of
    /// growing. When it stops, the writer checkpoints as usual again.
    public func run() async throws {
        let checkpointer = try DatabaseQueue(path: path)
        try await pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        defer {
            try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") }
            try? checkpointer.close()
        }
        let interval = Duration.milliseconds(Int64(configuration.checkpointInterval * 1000))
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            try? await Task.sleep(for: interval)
            // A failed checkpoint (busy, a reader holding an old snapshot) is retried next time.
            if (try? await checkpointer.writeWithoutTransaction({ db in try db.checkpoint(.passive) })) != nil {
                batcher.finishCheckpoint()
            }
        }
    }
}
