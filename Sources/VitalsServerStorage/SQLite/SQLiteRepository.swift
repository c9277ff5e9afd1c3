import Foundation
import GRDB
import VitalsContract
import VitalsCore
import VitalsStore

/// The server's repository in one SQLite file (WAL), the zero-setup default of `vitals serve`.
///
/// Writes go through a ``SQLiteWriteBatcher``: concurrent requests share transactions (group
/// commit), each in its own savepoint, and a caller resumes only once its write is committed.
///
/// Each role of ``HealthRepository`` is an extension of its own: +Accounts, +DashboardSessions,
/// +ImportJobs, +Writes, +Reads, +Quests, +IngestLog, +UserData. `Sendable` is said here, since
/// those extensions (in other files) restate the roles, which are `Sendable`.
public final class SQLiteRepository: HealthRepository, Sendable {
    /// Settings; every field has a documented default.
    public struct Configuration: Sendable {
        /// `synchronous = FULL`: each commit is flushed to disk before the request is answered,
        /// so an acknowledged write survives a power loss. Default true; false uses NORMAL
        /// (survives a crash of the process, not of the machine).
        public var durableCommits = true
        /// Most writes sharing one transaction. Default 256.
        public var maximumBatch = 256
        /// Page cache of each reading connection, KiB. Default 32768 (32 MB): with SQLite's
        /// default 2 MB a busy server re-reads index pages from the OS on every insert.
        public var cacheKiB = 32768
        /// Bytes of the file each reading connection maps into memory (`PRAGMA mmap_size`).
        /// Default 0, SQLite's default: pages are copied from the OS into the page cache. A
        /// one-pass read of the whole file (`vitals migrate`'s source) maps it instead, which
        /// saves that copy; SQLite caps the size at its compile-time limit (2 GB on Debian).
        public var memoryMapBytes: Int64 = 0
        /// Page cache of the one writing connection, KiB. Default 98304 (96 MB): a year's
        /// backfill (a million samples, ~260 MB of table and index) spills fewer dirty pages to
        /// the WAL before its commit and is stored in about two thirds of the time it takes with
        /// 32 MB, while the server stays under 400 MB (see BENCHMARKS.md).
        public var writerCacheKiB = 98_304
        /// Seconds between background WAL checkpoints while the repository runs as a service
        /// (see ``run()``). Default 0.5.
        public var checkpointInterval: TimeInterval = 0.5

        /// The defaults.
        public init() {}
    }

    /// The database file.
    public let path: String
    /// The settings it was opened with.
    public let configuration: Configuration
    let pool: DatabasePool
    let batcher: SQLiteWriteBatcher
    /// Held shared while the repository is open, so `vitals restore` does not replace the file under it.
    let fileLock: DatabaseFileLock?

    /// Opens (creating if needed) the database at `path`; call ``migrate()`` before use.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        var config = GRDB.Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(10)
        let synchronous = configuration.durableCommits ? "FULL" : "NORMAL"
        let cacheKiB = configuration.cacheKiB
        let memoryMapBytes = configuration.memoryMapBytes
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
            if memoryMapBytes > 0 { try db.execute(sql: "PRAGMA mmap_size = \(memoryMapBytes)") }
        }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            fileLock = try DatabaseFileLock.acquire(for: path, mode: .shared)
            pool = try DatabasePool(path: path, configuration: config)
            // GRDB sets `synchronous = NORMAL` on the writer after `prepareDatabase` when it turns
            // WAL on, so the setting is made again here, on the one connection that commits.
            let writerCacheKiB = configuration.writerCacheKiB
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = \(synchronous); PRAGMA cache_size = -\(writerCacheKiB)")
            }
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .unavailable, "cannot open the server database", at: InputLocation(file: path),
                underlying: ServerFailure(error))
        }
        batcher = SQLiteWriteBatcher(pool: pool, maximumBatch: configuration.maximumBatch)
    }

    public func migrate() async throws {
        try await guarded { try Self.migrator.migrate(self.pool) }
    }

    public func close() async throws {
        try pool.close()
    }
}
