import CSQLiteSetup
public import Foundation
public import GRDB
public import VitalsCore

/// The health store on one SQLite file (WAL mode), through GRDB.
///
/// Safe to share between tasks. Several processes may open the same file; each store's cache
/// then serves answers up to `Configuration.cacheLifetime` old.
public final class SQLiteHealthStore: HealthStore {
    /// Settings for a store; every field has a documented default.
    public struct Configuration: Sendable {
        /// The app the logging methods write as. Default: `Vitals` / `dev.vitals.cli`.
        public var appSource = Source.vitals
        /// The status of types the user never answered for. Default `.sharingAuthorized`: a
        /// local store belongs to its user. Use `.notDetermined` to model a fresh HealthKit app.
        public var defaultAuthorization: AuthorizationStatus = .sharingAuthorized
        /// How `requestAuthorization` answers for undecided types. Default: allow.
        public var authorizationAnswer: AuthorizationStatus = .sharingAuthorized
        /// How long a cached answer counts as fresh. Default 30 s.
        public var cacheLifetime: TimeInterval = 30
        /// How many answers the cache keeps. Default 256; 0 turns caching off.
        public var cacheCapacity = 256
        /// The calendar the user lives in (``HealthStore/calendar``). Default: Gregorian, system zone.
        public var calendar = Calendar.gregorian(in: .current)
        /// Whether daily statistics queries read and fill the store's per-day cache of merged
        /// results (`daily_statistics`), kept exactly right by invalidation on every write.
        /// Default true; false computes every answer from the samples (benchmarks, checks).
        public var cachesDailyStatistics = true
        /// The clock, replaceable in tests. Default: the system clock.
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults.
        public init() {}
    }

    /// The database file's path (empty for an in-memory database).
    public let path: String
    /// The settings this store was opened with.
    public let configuration: Configuration
    /// The connections: the store's own pool when opened from a path, else the caller's writer.
    let pool: any DatabaseWriter
    /// Whether the store opened the file itself (``init(path:configuration:)``), and so may
    /// change its journal mode for a bulk write.
    let ownsFile: Bool
    let cache: QueryCache
    let broadcaster = ChangeBroadcaster()
    /// Held shared while the store is open, so `vitals restore` does not replace the file under it.
    let fileLock: DatabaseFileLock?

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        _ = Self.sqliteConfigured
        self.path = path
        self.configuration = configuration
        ownsFile = true
        var config = GRDB.Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(Self.busyTimeout)
        config.prepareDatabase { db in
            // 32 KB pages (for new files): health data is read in time ranges and written in bulk,
            // and bigger pages mean fewer B-tree splits per insert (imports ~110 -> ~150 MB/s).
            try db.execute(sql: "PRAGMA page_size = 32768")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // 16 MB of page cache per connection: enough for bulk saves, small enough for the import RSS budget.
            try db.execute(sql: "PRAGMA cache_size = -\(SQLiteHealthStore.cacheKiB)")
        }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            fileLock = try DatabaseFileLock.acquire(for: path, mode: .shared)
            pool = try DatabasePool(path: path, configuration: config)
            try Self.migrator.migrate(pool)
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .unavailable, "cannot open the store", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
        cache = QueryCache(
            lifetime: configuration.cacheLifetime, capacity: configuration.cacheCapacity,
            now: configuration.now)
    }

    /// A store over connections the caller opened (an in-memory `DatabaseQueue()` in tests, a
    /// pool with settings of its own), whose schema it brings up to date.
    ///
    /// The caller's configuration applies as given: the store adds no pragmas, takes no file
    /// lock (`vitals restore` cannot see it) and never changes the journal mode. Foreign keys
    /// must be on (GRDB's default).
    public init(database: any DatabaseWriter, configuration: Configuration = Configuration()) throws {
        _ = Self.sqliteConfigured
        path = database.path
        self.configuration = configuration
        ownsFile = false
        fileLock = nil
        pool = database
        do {
            try Self.migrator.migrate(database)
        } catch {
            throw VitalsError(
                .unavailable, "cannot prepare the store's tables", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
        cache = QueryCache(
            lifetime: configuration.cacheLifetime, capacity: configuration.cacheCapacity,
            now: configuration.now)
    }

    deinit { broadcaster.finish() }

    /// Multi-thread mode for SQLite, once per process, before the first connection opens.
    private static let sqliteConfigured: Int32 = vitals_sqlite_configure()

    /// How long a connection waits for another one's lock, seconds.
    static let busyTimeout: TimeInterval = 10
    /// Page cache per connection, KiB.
    static let cacheKiB = 16384
    /// Page cache of the connection during a bulk write (an import), KiB.
    static let bulkCacheKiB = 4096

    public var appSource: Source { configuration.appSource }
    public var calendar: Calendar { configuration.calendar }

    /// The file's connections, for the tables kept beside the samples (``SQLiteReminderStore``
    /// and the other record stores) and for tests. Samples written through it would bypass
    /// authorization, the query cache and change tracking: use the store's methods for those.
    package var database: any DatabaseWriter { pool }

    /// Always true: SQLite is available everywhere.
    public var isAvailable: Bool { true }

    public func changeNotifications() -> AsyncStream<Set<SampleType>> { broadcaster.stream() }

    /// Runs a read, wrapping database failures in `VitalsError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(body)
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "reading the store failed", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }

    /// Runs `body` outside a transaction once this store's reads have finished, blocking new ones
    /// until it returns; wraps database failures in `VitalsError`.
    func barrierWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.barrierWriteWithoutTransaction(body)
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "writing the store failed", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }

    /// Runs a write transaction, wrapping database failures in `VitalsError`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.write(body)
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "writing the store failed", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }
}
