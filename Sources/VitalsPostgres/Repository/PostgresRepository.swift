import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import VitalsCore
import VitalsContract
import VitalsServerStorage

/// The server's repository in PostgreSQL, for many users and several server processes.
///
/// Its connection pool works only while ``run()`` runs: run the repository as a `Service` in
/// the server's `ServiceGroup`, or use ``withRepository(url:logger:_:)`` for a bounded job.
public final class PostgresRepository: HealthRepository, Service {
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

    /// A repository for a `postgres://user:password@host:port/database[?sslmode=...]` URL.
    ///
    /// At most `writeBatch` writes share a transaction, and at most `writeRunners` such
    /// transactions run at once (each on a connection of the pool), shared among the servers
    /// running on the database (``PostgresPeers``).
    public init(url: String, maximumConnections: Int = 20, writeBatch: Int = 64, writeRunners: Int = 4,
                logger: Logger = Logger(label: "vitals.postgres")) throws {
        self.address = try PostgresAddress(url: url)
        var configuration = address.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        let poolStart = PoolStart()
        self.poolStart = poolStart
        self.client = PostgresClient(configuration: configuration,
                                     backgroundLogger: logger.droppingLeaseWarning(after: poolStart))
        self.logger = logger
        self.batcher = PostgresWriteBatcher(client: client, logger: logger, maximumBatch: writeBatch,
                                            maximumRunners: min(writeRunners, max(1, maximumConnections - 1)))
        self.peers = PostgresPeers(client: client, logger: logger)
    }

    /// Runs the connection pool until the task is cancelled or the service group shuts down,
    /// noting this server among those on the database (``PostgresPeers``) meanwhile; throws at
    /// once, saying why, when the database cannot be connected to (``checkConnection()``).
    public func run() async throws {
        // The pool runs in a task of its own, which a cancellation of this one does not reach:
        // it stops only once this server has left the database's count.
        let pool = Task { await self.runPool() }
        do {
            try await checkConnection()
        } catch {
            pool.cancel()
            await pool.value
            throw error
        }
        await cancelWhenGracefulShutdown { await self.peers.run(sharing: self.batcher) }
        pool.cancel()
        await pool.value
    }

    /// Runs `body` with a repository whose pool runs for exactly as long as `body`.
    public static func withRepository<T: Sendable>(url: String, logger: Logger = Logger(label: "vitals.postgres"),
                                                   _ body: (PostgresRepository) async throws -> T) async throws -> T {
        let repository = try PostgresRepository(url: url, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await repository.runPool() }
            defer { group.cancelAll() }
            await repository.poolStart.wait()
            return try await body(repository)
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

    // MARK: Users

    public func addUser(name: String, timeZone: String, tokenHash: String, expiresAt: Date?, at date: Date) async throws
        -> ServerUser {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query("""
                    INSERT INTO users (name, time_zone, created_at) VALUES (\(name), \(timeZone), \(date))
                    ON CONFLICT (name) DO NOTHING RETURNING id
                    """, logger: logger)
                var id: Int64?
                for try await value in rows.decode(Int64.self) { id = value }
                guard let id else {
                    throw VitalsError(.duplicate, "a user with this name exists", at: InputLocation(field: "name"))
                }
                try await connection.query("""
                    INSERT INTO tokens (user_id, token_hash, created_at, expires_at)
                    VALUES (\(id), \(tokenHash), \(date), \(expiresAt))
                    """, logger: logger)
                return ServerUser(id: id, name: name, timeZone: timeZone, tokenExpiresAt: expiresAt)
            }
        }
    }

    public func replaceToken(ofUser name: String, tokenHash: String, expiresAt: Date?, at date: Date) async throws
        -> ServerUser {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var user: ServerUser?
                for try await (id, name, zone) in try await connection.query(
                    "SELECT id, name, time_zone FROM users WHERE name = \(name)", logger: logger
                ).decode((Int64, String, String).self) {
                    user = ServerUser(id: id, name: name, timeZone: zone, tokenExpiresAt: expiresAt)
                }
                guard let user else {
                    throw VitalsError(.notFound, "no user has this name", at: InputLocation(field: "name"))
                }
                try await connection.query("""
                    INSERT INTO tokens (user_id, token_hash, created_at, expires_at)
                    VALUES (\(user.id), \(tokenHash), \(date), \(expiresAt))
                    ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at,
                        expires_at = excluded.expires_at
                    """, logger: logger)
                // The sessions opened with the old token end with it.
                try await connection.query("DELETE FROM dashboard_sessions WHERE user_id = \(user.id)", logger: logger)
                return user
            }
        }
    }

    public func user(tokenHash: String) async throws -> ServerUser? {
        try await guarded {
            for try await row in try await client.execute(PostgresPrepared.TokenUser(tokenHash: tokenHash), logger: logger) {
                let (id, name, zone, expiry) = try row.decode((Int64, String, String, Date?).self)
                return ServerUser(id: id, name: name, timeZone: zone, tokenExpiresAt: expiry)
            }
            return nil
        }
    }

    public func users() async throws -> [ServerUser] {
        try await guarded {
            var users: [ServerUser] = []
            for try await (id, name, zone, expiry) in try await client.query("""
                SELECT u.id, u.name, u.time_zone, t.expires_at FROM users u LEFT JOIN tokens t ON t.user_id = u.id
                ORDER BY u.name
                """, logger: logger).decode((Int64, String, String, Date?).self) {
                users.append(ServerUser(id: id, name: name, timeZone: zone, tokenExpiresAt: expiry))
            }
            return users
        }
    }
}
