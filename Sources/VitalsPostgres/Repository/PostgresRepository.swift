import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// The server's repository in PostgreSQL, for many users and several server processes.
///
/// Its connection pool and its writes work only while ``run()`` runs: run the repository as a
/// `Service` in the server's `ServiceGroup`, or use ``withRepository(url:logger:_:)`` for a
/// bounded job. Writes wait for either to start; once it has ended they fail at once.
///
/// Each role of ``HealthRepository`` is an extension of its own: +Accounts, +DashboardSessions,
/// +ImportJobs, +Health (writes), +Reads, +Quests, +IngestLog, +UserData. `Sendable` is said here,
/// since those extensions (in other files) restate the roles, which are `Sendable`.
public final class PostgresRepository: HealthRepository, Service, Sendable {
    let client: PostgresClient
    /// Where the database is (for errors: never its password).
    let address: PostgresAddress
    let logger: Logger
    /// Runs write transactions, concurrent ones together (group commit).
    let batcher: PostgresWriteBatcher
    /// The servers on the database, among which the batcher's runners are shared.
    let peers: PostgresPeers
    /// Opens when the pool starts running (``runPool()``), which ``migrate()`` waits for.
    let poolStart: PoolStart
    /// How long stopping waits for the connection pool to end (``stopPool(_:)``).
    let poolStopLimit: Duration

    /// A repository for a `postgres://user:password@host:port/database[?sslmode=...]` URL.
    ///
    /// At most `writeBatch` writes share a transaction, and at most `writeRunners` such
    /// transactions run at once (each on a connection of the pool), shared among the servers
    /// running on the database (``PostgresPeers``).
    public convenience init(
        url: String, maximumConnections: Int = 20, writeBatch: Int = 64, writeRunners: Int = 4,
        logger: Logger = Logger(label: "vitals.postgres")
    ) throws {
        try self.init(
            url: url, maximumConnections: maximumConnections, writeBatch: writeBatch,
            writeRunners: writeRunners, keepAlive: .seconds(30), poolStopLimit: .seconds(10),
            logger: logger)
    }

    /// A repository whose idle connections are pinged every `keepAlive` (nil: never) and whose
    /// stop waits at most `poolStopLimit` for its pool (``stopPool(_:)``).
    init(
        url: String, maximumConnections: Int = 20, writeBatch: Int = 64, writeRunners: Int = 4,
        keepAlive: Duration?, poolStopLimit: Duration, logger: Logger = Logger(label: "vitals.postgres")
    ) throws {
        self.poolStopLimit = poolStopLimit
        self.address = try PostgresAddress(url: url)
        var configuration = address.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.keepAliveBehavior = keepAlive.map { .init(frequency: $0) }
        let poolStart = PoolStart()
        self.poolStart = poolStart
        self.client = PostgresClient(
            configuration: configuration,
            backgroundLogger: logger.droppingLeaseWarning(after: poolStart))
        self.logger = logger
        self.batcher = PostgresWriteBatcher(
            client: client, logger: logger, maximumBatch: writeBatch,
            maximumRunners: min(writeRunners, max(1, maximumConnections - 1)))
        self.peers = PostgresPeers(client: client, logger: logger)
    }

    /// Runs the connection pool and the write batcher until the task is cancelled or the service
    /// group shuts down, noting this server among those on the database (``PostgresPeers``)
    /// meanwhile; throws at once, saying why, when the database cannot be connected to
    /// (``checkConnection()``), and the writes queued meanwhile fail. Cancelled while it first
    /// connects, it ends without an error.
    ///
    /// The batcher (``PostgresWriteBatcher/run()``) is a child task and the peers' count
    /// (``PostgresPeers/run(sharing:)``) runs beside it; the pool stops only once both ended:
    /// after a graceful shutdown, the writes queued have committed and this server has left the
    /// count; after a cancellation, the writes queued have failed at once and this server has
    /// still left the count.
    ///
    /// The pool runs in a detached task, not a child one, which this one cancels and awaits once
    /// they ended: a child task would be cancelled together with this one (Swift has no
    /// cancellation shield), and one that inherits this task's values would see the service
    /// group's graceful shutdown, which `PostgresClient.run()` stops on. Either would close the pool
    /// before this server left the count and before the writes queued committed.
    public func run() async throws {
        let pool = Task.detached { await self.runPool() }
        let failure = await withTaskGroup(of: Void.self, returning: (any Error)?.self) { group in
            group.addTask {
                await self.batcher.run()
                self.logger.debug("repository: the write batcher stopped")
            }
            do {
                try await checkConnection()
            } catch {
                group.cancelAll()
                // Cancelled while connecting (a service group stopped during start-up): a stop,
                // not a connection failure.
                return Task.isCancelled ? nil : error
            }
            await self.peers.run(sharing: self.batcher)
            logger.debug("repository: left the servers' count")
            return nil
        }
        await stopPool(pool)
        if let failure { throw failure }
    }

    /// Runs `body` with a repository whose pool and write batcher run for exactly as long as `body`.
    ///
    /// When `body` returns, the writes it left queued commit and later ones fail
    /// (``PostgresWriteBatcher/whileRunning(_:)``), and then the pool stops.
    public static func withRepository<T: Sendable>(
        url: String, logger: Logger = Logger(label: "vitals.postgres"),
        _ body: (PostgresRepository) async throws -> T
    ) async throws -> T {
        let repository = try PostgresRepository(url: url, logger: logger)
        let pool = Task { await repository.runPool() }
        await repository.poolStart.wait()
        do {
            let result = try await repository.batcher.whileRunning { try await body(repository) }
            await repository.stopPool(pool)
            return result
        } catch {
            await repository.stopPool(pool)
            throw error
        }
    }

    /// Runs the connection pool until the task is cancelled, first opening ``poolStart``.
    ///
    /// The signal opens just before the client's `run()`, in the same task, with no suspension
    /// between them.
    func runPool() async {
        poolStart.open()
        await client.run()
    }

    /// Checks the connection (``checkConnection()``), waits for the pool to run (``run()``,
    /// or ``withRepository(url:logger:_:)``), then brings the schema up to date.
    public func migrate() async throws {
        try await checkConnection()
        await poolStart.wait()
        try await guarded { try await self.runMigrations() }
    }

    /// Nothing to do: the pool closes when ``run()`` ends.
    public func close() async throws {}

    @discardableResult
    func guarded<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as VitalsError {
            throw error
        } catch let error as PostgresTransactionError {
            // A transaction wraps what went wrong; answer with the innermost cause.
            if let inner = error.closureError as? VitalsError { throw inner }
            throw Self.failure(error.closureError ?? error.commitError ?? error.beginError ?? error)
        } catch {
            throw Self.failure(error)
        }
    }
}
