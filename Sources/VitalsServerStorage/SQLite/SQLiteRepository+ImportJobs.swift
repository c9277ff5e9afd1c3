import Foundation
import GRDB

/// The jobs of exports uploaded to `POST /api/me/imports` (``StoredImportJob``).
extension SQLiteRepository: ImportJobStore {
    /// One row per job: its JSON, its owner and when the owner last noted it; `seq` is arrival order.
    static func registerImportJobs(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("server-v10-import-jobs") { db in
            try db.execute(
                sql: """
                    CREATE TABLE import_jobs (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        owner TEXT NOT NULL,
                        state TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        noted_at REAL NOT NULL,
                        job TEXT NOT NULL
                    );
                    CREATE INDEX import_jobs_by_user ON import_jobs(user_id, created_at);
                    CREATE INDEX import_jobs_by_owner ON import_jobs(owner, state);
                    """)
        }
    }

    public func saveImportJob(_ stored: StoredImportJob, of user: ServerUser, keepingPerUser: Int) async throws {
        let text = try ImportJobColumns.text(stored.job)
        try await write { db in
            if stored.job.state == .queued {
                try db.execute(
                    sql: """
                        DELETE FROM import_jobs WHERE seq IN (
                            SELECT seq FROM import_jobs WHERE user_id = ? AND state IN \(ImportJobColumns.finishedStates)
                            ORDER BY created_at DESC, seq DESC LIMIT -1 OFFSET ?)
                        """, arguments: [user.id, keepingPerUser])
            }
            // A job of a user removed meanwhile is not stored; a finished one is never changed
            // (a late progress note cannot undo how it ended).
            try db.execute(
                sql: """
                    INSERT INTO import_jobs (id, user_id, owner, state, created_at, noted_at, job)
                    SELECT ?, id, ?, ?, ?, ?, ? FROM users WHERE id = ?
                    ON CONFLICT (id) DO UPDATE SET state = excluded.state, noted_at = excluded.noted_at, job = excluded.job
                    WHERE import_jobs.state NOT IN \(ImportJobColumns.finishedStates)
                    """,
                arguments: [
                    stored.job.id, stored.owner.uuidString, stored.job.state.rawValue,
                    stored.job.createdAt.timeIntervalSince1970, stored.notedAt.timeIntervalSince1970,
                    text, user.id,
                ])
        }
    }

    public func noteImportJobs(of owner: UUID, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE import_jobs SET noted_at = ? WHERE owner = ? AND state NOT IN \(ImportJobColumns.finishedStates)
                    """, arguments: [date.timeIntervalSince1970, owner.uuidString])
        }
    }

    public func importJobs(of user: ServerUser, id: String?) async throws -> [StoredImportJob] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT owner, noted_at, job FROM import_jobs WHERE user_id = ? AND (? IS NULL OR id = ?)
                    ORDER BY created_at DESC, seq DESC
                    """, arguments: [user.id, id, id]
            ).map(Self.storedImportJob)
        }
    }

    public func importJobs(ids: [String]) async throws -> [StoredImportJob] {
        guard !ids.isEmpty else { return [] }
        let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT owner, noted_at, job FROM import_jobs WHERE id IN (SELECT value FROM json_each(?))
                    """, arguments: [list]
            ).map(Self.storedImportJob)
        }
    }

    /// A row of `SELECT owner, noted_at, job`.
    private static func storedImportJob(_ row: Row) throws -> StoredImportJob {
        StoredImportJob(
            job: try ImportJobColumns.job(row["job"]), owner: UUID(uuidString: row["owner"]) ?? UUID(),
            notedAt: Date(timeIntervalSince1970: row["noted_at"]))
    }
}
