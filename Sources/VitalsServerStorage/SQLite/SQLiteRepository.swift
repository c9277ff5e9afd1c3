import Foundation
import GRDB
import VitalsCore
import VitalsContract
import VitalsStore

/// The server's repository in one SQLite file (WAL), the zero-setup default of `vitals serve`.
///
/// Writes go through a ``SQLiteWriteBatcher``: concurrent requests share transactions (group
/// commit), each in its own savepoint, and a caller resumes only once its write is committed.
public final class SQLiteRepository: HealthRepository {
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
            throw VitalsError(.unavailable, "cannot open the server database", at: InputLocation(file: path),
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

    // MARK: Users

    public func addUser(name: String, timeZone: String, tokenHash: String, expiresAt: Date?, at date: Date) async throws
        -> ServerUser {
        try await write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE name = ?", arguments: [name]) == true {
                throw VitalsError(.duplicate, "a user with this name exists", at: InputLocation(field: "name"))
            }
            try db.execute(sql: "INSERT INTO users (name, time_zone, created_at) VALUES (?, ?, ?)",
                           arguments: [name, timeZone, date.timeIntervalSince1970])
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
                           arguments: [id, tokenHash, date.timeIntervalSince1970, expiresAt?.timeIntervalSince1970])
            return ServerUser(id: id, name: name, timeZone: timeZone, tokenExpiresAt: expiresAt)
        }
    }

    public func replaceToken(ofUser name: String, tokenHash: String, expiresAt: Date?, at date: Date) async throws
        -> ServerUser {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, name, time_zone FROM users WHERE name = ?",
                                             arguments: [name]) else {
                throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
            }
            let user = ServerUser(id: row[0], name: row[1], timeZone: row[2], tokenExpiresAt: expiresAt)
            try db.execute(sql: """
                INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at,
                    expires_at = excluded.expires_at
                """, arguments: [user.id, tokenHash, date.timeIntervalSince1970, expiresAt?.timeIntervalSince1970])
            // The sessions opened with the old token end with it.
            try db.execute(sql: "DELETE FROM dashboard_sessions WHERE user_id = ?", arguments: [user.id])
            return user
        }
    }

    public func user(tokenHash: String) async throws -> ServerUser? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT u.id, u.name, u.time_zone, t.expires_at FROM tokens t JOIN users u ON u.id = t.user_id
                WHERE t.token_hash = ?
                """), arguments: [tokenHash]).map(Self.user)
        }
    }

    public func users() async throws -> [ServerUser] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT u.id, u.name, u.time_zone, t.expires_at FROM users u LEFT JOIN tokens t ON t.user_id = u.id
                ORDER BY u.name
                """).map(Self.user)
        }
    }

    /// A user from `id, name, time_zone, expires_at` columns.
    private static func user(_ row: Row) -> ServerUser {
        ServerUser(id: row[0], name: row[1], timeZone: row[2],
                   tokenExpiresAt: (row[3] as Double?).map { Date(timeIntervalSince1970: $0) })
    }

    // MARK: Health data

    public func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot] {
        try await read { db in try Self.snapshots(of: user, on: date, in: db) }
    }

    public func samples(of user: ServerUser, type: SampleType, startingBefore end: Date?,
                        endingFrom start: Date?) async throws -> [StoredSample] {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await read { db in try Self.samples(of: user, type: type, in: window, in: db) }
    }

    /// The user's stored samples of `type` in `window`, oldest start first.
    static func samples(of user: ServerUser, type: SampleType, in window: SampleWindow, in db: Database) throws
        -> [StoredSample] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT s.uuid, t.identifier, s.start, s."end", s.value, s.source_name, s.metadata FROM types t
            JOIN samples s ON s.user_id = ? AND s.type_id = t.id
            WHERE t.identifier = ? AND s.start >= \(sampleStartBound) AND s.start < ? AND s."end" >= ?
            ORDER BY s.start, s.uuid
            """), arguments: [user.id, type.identifier, window.startFrom, window.endFrom, window.startBefore,
                              window.endFrom]).map(Self.sample(from:))
    }

    public func series(of user: ServerUser, type: SampleType, in window: SampleWindow) async throws -> StatisticsSeries {
        try await read { db in try Self.series(of: user, types: [type], in: window, in: db)[type] ?? StatisticsSeries() }
    }

    public func typeSummaries(of user: ServerUser) async throws -> [TypeSummary] {
        try await read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT t.identifier, COUNT(*), MIN(s.start), MAX(s."end") FROM samples s JOIN types t ON t.id = s.type_id
                WHERE s.user_id = ? GROUP BY t.identifier ORDER BY t.identifier
                """), arguments: [user.id]).map { row in
                TypeSummary(type: SampleType(identifier: row[0]), count: row[1],
                            first: Date(timeIntervalSince1970: row[2]), last: Date(timeIntervalSince1970: row[3]))
            }
        }
    }

    public func sourceNames(of user: ServerUser, type: SampleType?) async throws -> [String] {
        try await read { db in
            if let type {
                return try String.fetchAll(db.cachedStatement(sql: """
                    SELECT DISTINCT source_name FROM samples
                    WHERE user_id = ? AND type_id = (SELECT id FROM types WHERE identifier = ?) ORDER BY source_name
                    """), arguments: [user.id, type.identifier])
            }
            return try String.fetchAll(db.cachedStatement(sql: """
                SELECT DISTINCT source_name FROM samples WHERE user_id = ? ORDER BY source_name
                """), arguments: [user.id])
        }
    }

    public func workoutCounts(of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
                              through last: LocalDate) async throws -> [LocalDate: Int] {
        try await read { db in try Self.workoutCounts(of: user, source: source, from: first, through: last, in: db) }
    }
}
