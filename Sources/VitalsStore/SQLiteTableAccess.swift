import Foundation
import GRDB
import VitalsCore
import VitalsInsights

/// Reads and writes this module's own tables in the SQLite health store's file, reporting a
/// database failure as a `VitalsError` that names the file and what was being done.
struct SQLiteTableAccess: Sendable {
    /// The file's connections.
    let database: any DatabaseWriter
    /// The file, for errors.
    let path: String
    /// What the tables hold, for errors ("the reminders").
    let subject: String

    /// Opens `store`'s file and runs `migrator` on it; the migrations' names must be unique in the file.
    init(_ store: SQLiteHealthStore, subject: String, migrator: DatabaseMigrator) throws {
        database = store.database
        path = store.path
        self.subject = subject
        do {
            try migrator.migrate(database)
        } catch {
            throw VitalsError(
                .database, "cannot prepare the tables of \(subject)", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }

    /// Runs `body` in a read transaction.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await guarded("reading") { try await database.read(body) }
    }

    /// Runs `body` in a write transaction.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await guarded("writing") { try await database.write(body) }
    }

    private func guarded<T>(_ action: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "\(action) \(subject) failed", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }
}
