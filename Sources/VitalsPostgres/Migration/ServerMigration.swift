import Foundation
import GRDB
import Logging
import NIOCore
import PostgresNIO
import VitalsCore
import VitalsServerStorage

/// Moves a server's data from its SQLite file into PostgreSQL (`vitals migrate`), then verifies it.
///
/// Each user is copied in one PostgreSQL transaction: the account, token (hash, creation and
/// expiry), snapshots, workout records, samples (UUIDs, times, values, sources, metadata),
/// quests (their ids) and completions, ingest log (its ids when the target has none of them,
/// else new ids in the same order) with its per-type last ingests, whole workouts, routes and
/// activity summaries, and a row in `migration_progress` saying the user is done. A user is
/// therefore in the target entirely or not at all, and a re-run after an interruption copies
/// only the users without that row: it is resumable by user. A user in the target without
/// that row (not from a migration) is a conflict: the run stops before writing anything.
///
/// Instants the SQLite file keeps as seconds become `TIMESTAMPTZ` rounded to the microsecond,
/// PostgreSQL's precision; sample and route times stay doubles, bit for bit. Users get new ids.
/// Stop the server (on both databases) while it runs: writes made meanwhile may be missed, and
/// the verification then says so. One migration runs into a database at a time: a second one
/// is refused at once (``Locked``).
public struct ServerMigration: Sendable {
    /// Why a migration refused to start: another one into the same database holds the lock.
    public struct Locked: Error, Sendable, CustomStringConvertible {
        public var description: String { "PostgreSQL advisory lock \(ServerMigration.lockKey) is held" }
    }

    /// The session-level advisory lock a migration holds on its target database from start to end.
    /// Distinct from the schema migrations' lock (7310422) and the per-user write locks
    /// (7310423 and a user, in the two-key space).
    public static let lockKey: Int64 = 7_310_424

    /// Tables of a user's data a migration leaves out on purpose: derived data the server
    /// computes again as needed (the per-day statistics cache and its epochs), or the copy
    /// computes from the copied samples (each type's longest sample). Every other table with a
    /// `user_id` is copied (a test checks the SQLite schema against this list).
    public static let derivedTables: Set<String> = ["daily_statistics", "daily_statistics_epochs", "sample_durations"]

    /// How far the copy is, for a progress bar.
    public struct Progress: Sendable {
        /// Rows copied so far, of ``rowsTotal`` (the users still to copy).
        public var rowsDone: Int
        public var rowsTotal: Int
        /// The user being copied.
        public var user: String
    }

    let source: SQLiteRepository
    let target: PostgresRepository
    /// Called after each batch of rows.
    public var progress: (@Sendable (Progress) -> Void)?
    /// Called after each user's transaction committed (tests use it to interrupt a migration).
    public var afterUser: (@Sendable (String) async throws -> Void)?
    /// Called inside a user's transaction after each table is copied, with the user's and the
    /// table's names (tests use it to fail a user half-way: the transaction rolls back).
    public var afterTable: (@Sendable (String, String) async throws -> Void)?
    /// Samples per COPY batch read from SQLite.
    public var batchSize = 20_000
    /// The fewest samples a user must have for their copy to drop and rebuild the samples'
    /// indexes and foreign keys (``SampleConstraints``); they must also be at least as many as
    /// the target holds already.
    public var sampleIndexRebuildMinimum = 50_000

    /// A migration from `source` into `target` (whose pool must be running).
    public init(from source: SQLiteRepository, to target: PostgresRepository) {
        self.source = source
        self.target = target
    }

    /// A user of the SQLite file.
    struct SourceUser: Sendable {
        var id: Int64
        var name: String
        var timeZone: String
        var createdAt: Double
    }

    /// Brings both schemas up to date, copies the users not yet copied, then verifies every user;
    /// throws a `VitalsError` with ``Locked`` as its cause, at once, when another migration into
    /// the same database is running.
    public func run() async throws -> MigrationReport {
        let started = Date()
        guard try await source.read({ db in try db.tableExists("users") && db.tableExists("tokens") }) else {
            throw VitalsError(
                .invalidInput, "not a vitals server database (it has no users table)",
                at: InputLocation(file: source.path))
        }
        try await target.checkConnection()
        // The migration's own errors pass through as they are; only the lock's are PostgreSQL's.
        let report: Result<MigrationReport, any Error> = try await target.guarded {
            try await target.client.withConnection { connection in
                try await lock(on: connection)
                let report: Result<MigrationReport, any Error>
                do { report = .success(try await migrate(started: started)) } catch { report = .failure(error) }
                // Failing only with the connection, which ends the lock anyway.
                try? await unlock(on: connection)
                return report
            }
        }
        return try report.get()
    }

    /// Takes the migration lock on `connection` (a session lock: it lasts until unlocked or the
    /// connection ends, so a crashed run never leaves it behind), or throws at once.
    private func lock(on connection: PostgresConnection) async throws {
        var taken = false
        for try await value in try await connection.query(
            "SELECT pg_try_advisory_lock(\(Self.lockKey))",
            logger: target.logger
        ).decode(Bool.self) {
            taken = value
        }
        guard taken else {
            throw VitalsError(
                .unavailable,
                "another vitals migrate into this database is running; nothing was done "
                    + "(run again once it has finished)", at: InputLocation(field: "--to"), underlying: Locked())
        }
    }

    /// Releases the lock before the connection goes back to the pool.
    private func unlock(on connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: target.logger)
    }

    /// ``run()`` under the lock.
    private func migrate(started: Date) async throws -> MigrationReport {
        try await source.migrate()
        try await target.migrate()
        try await target.guarded {
            try await target.client.query(
                """
                CREATE TABLE IF NOT EXISTS migration_progress (
                    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    user_name TEXT NOT NULL UNIQUE,
                    source_rows BIGINT NOT NULL,
                    finished_at TIMESTAMPTZ NOT NULL
                )
                """, logger: target.logger)
        }
        let users = try await source.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, time_zone, created_at FROM users ORDER BY name").map {
                SourceUser(id: $0["id"], name: $0["name"], timeZone: $0["time_zone"], createdAt: $0["created_at"])
            }
        }
        let finished = try await finishedUsers()
        let pending = users.filter { !finished.contains($0.name) }
        try await checkConflicts(pending)
        var counts: [String: [String: Int]] = [:]
        for user in pending { counts[user.name] = try await sourceCounts(of: user.id) }
        let total = counts.values.reduce(0) { $0 + $1.values.reduce(0, +) }
        var report = MigrationReport()
        var done = 0
        var targetSamples = pending.isEmpty ? 0 : try await targetSampleCount()
        for user in pending {
            // Rebuilding costs a pass over every sample in the target: worth it for a user with at
            // least as many, so the rebuilds of a whole migration cost at most twice its samples.
            let samples = counts[user.name]?["samples"] ?? 0
            let rebuild = samples >= sampleIndexRebuildMinimum && samples >= targetSamples
            let copied = try await copy(user, rowsBefore: done, rowsTotal: total, rebuildingSampleIndexes: rebuild)
            targetSamples += copied["samples"] ?? 0
            if rebuild { report.sampleIndexesRebuilt.append(user.name) }
            // The progress counts the user's rows in the tables, as the total does (not the account row).
            done += copied.filter { $0.key != "users" }.values.reduce(0, +)
            for (table, rows) in copied { report.rows[table, default: 0] += rows }
            report.copiedUsers.append(user.name)
            try await afterUser?(user.name)
        }
        report.skippedUsers = users.map(\.name).filter(finished.contains)
        report.copySeconds = Date().timeIntervalSince(started)
        let verifying = Date()
        for user in users { report.users.append(try await verify(user)) }
        report.verifySeconds = Date().timeIntervalSince(verifying)
        return report
    }

    /// The names of the users a migration finished copying into the target.
    private func finishedUsers() async throws -> Set<String> {
        try await target.guarded {
            var names = Set<String>()
            for try await name in try await target.client.query(
                "SELECT user_name FROM migration_progress", logger: target.logger
            ).decode(String.self) {
                names.insert(name)
            }
            return names
        }
    }

    /// Throws when the target holds a user, token or quest of a user still to copy (from
    /// elsewhere than this migration), before anything is written.
    private func checkConflicts(_ pending: [SourceUser]) async throws {
        guard !pending.isEmpty else { return }
        let ids = pending.map(\.id)
        let (tokens, quests) = try await source.read { db in
            let marks = databaseQuestionMarks(count: ids.count)
            return (
                try String.fetchAll(
                    db, sql: "SELECT token_hash FROM tokens WHERE user_id IN (\(marks))",
                    arguments: StatementArguments(ids)),
                try String.fetchAll(
                    db, sql: "SELECT id FROM quests WHERE user_id IN (\(marks))",
                    arguments: StatementArguments(ids))
            )
        }
        let names = pending.map(\.name)
        let clashes: [(String, String)] = try await target.guarded {
            var found: [(String, String)] = []
            for try await row in try await target.client.query(
                """
                SELECT 'user' AS kind, name AS value FROM users WHERE name = ANY(\(names)::text[])
                UNION ALL SELECT 'token', u.name FROM tokens t JOIN users u ON u.id = t.user_id
                    WHERE t.token_hash = ANY(\(tokens)::text[])
                UNION ALL SELECT 'quest', id FROM quests WHERE id = ANY(\(quests)::text[])
                """, logger: target.logger)
            {
                let cells = row.makeRandomAccess()
                found.append((try cells.value("kind"), try cells.value("value")))
            }
            return found
        }
        guard let (kind, value) = clashes.first else { return }
        let what =
            switch kind {
            case "user": "a user named \(value) that no migration copied"
            case "token": "user \(value) with the same token as a user to copy"
            default: "a quest with the id \(value) of a user to copy"
            }
        throw VitalsError(
            .duplicate,
            "the target database already has \(what); nothing was copied "
                + "(\(clashes.count) conflict\(clashes.count == 1 ? "" : "s"))", at: InputLocation(field: "--to"))
    }

    /// The number of samples in the target.
    private func targetSampleCount() async throws -> Int {
        try await target.guarded {
            var count = 0
            for try await value in try await target.client.query(
                "SELECT COUNT(*) FROM samples",
                logger: target.logger
            ).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    /// The number of the user's rows per table in the SQLite file.
    func sourceCounts(of userID: Int64) async throws -> [String: Int] {
        try await source.read { db in
            var counts: [String: Int] = [:]
            for table in MigrationTable.counted {
                counts[table] =
                    try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM \(table) WHERE user_id = ?",
                        arguments: [userID]) ?? 0
            }
            return counts
        }
    }
}
