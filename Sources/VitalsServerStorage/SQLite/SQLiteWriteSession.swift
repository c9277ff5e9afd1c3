import Foundation
import GRDB
import VitalsStore

/// The SQLite writer connection inside one group-committed transaction, as an actor.
///
/// Its executor is a ``SQLiteWriterExecutor`` driven by the writer queue between `BEGIN` and
/// `COMMIT`, so everything isolated to the session runs on the queue GRDB requires (GRDB checks
/// this on every statement and stops the process otherwise). The batch's writes run one after
/// another in ``run(_:)``, each in its own savepoint, so one failing write rolls back alone.
actor SQLiteWriteSession {
    /// A queued write: runs in the session, in its own savepoint.
    typealias Work = @Sendable (isolated SQLiteWriteSession) async -> Void

    private let executor: SQLiteWriterExecutor
    /// The writer connection, used only in the session's isolation, whose jobs run on the writer
    /// queue inside the transaction: the one place the connection may be used.
    private let db: Database

    init(db: sending Database, executor: SQLiteWriterExecutor) {
        self.db = db
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Runs the batch's writes in order, then lets the writer go on to commit.
    func run(_ batch: [Work]) async {
        for work in batch { await work(self) }
        executor.finish()
    }

    /// Runs a synchronous body with the connection.
    func withDatabase<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        try body(db)
    }

    /// Runs `body` in a savepoint, rolled back alone when `body` throws.
    ///
    /// The savepoint statements are prepared once per connection (GRDB's `inSavepoint` parses
    /// them on every call, a fifth of a small write's time on the writer).
    func inSavepoint<T>(_ body: nonisolated(nonsending) () async throws -> T) async -> Result<T, any Error> {
        do {
            try db.cachedStatement(sql: "SAVEPOINT vitals_write").execute()
        } catch {
            return .failure(error)
        }
        do {
            let value = try await body()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT vitals_write").execute()
            return .success(value)
        } catch {
            // When the rollback itself fails, the transaction is broken and its commit fails too.
            try? db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT vitals_write").execute()
            try? db.cachedStatement(sql: "RELEASE SAVEPOINT vitals_write").execute()
            return .failure(error)
        }
    }
}
