import Foundation
import PostgresNIO
import VitalsServerStorage

/// The jobs of exports uploaded to `POST /api/me/imports` (``StoredImportJob``), shared by every server on the database.
extension PostgresRepository: ImportJobStore {
    /// One row per job: its JSON, its owner and when the owner last noted it; `seq` is arrival order.
    static let importJobsMigration: [String] = [
        """
        CREATE TABLE import_jobs (
            id TEXT PRIMARY KEY,
            seq BIGSERIAL,
            user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            owner UUID NOT NULL,
            state TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL,
            noted_at TIMESTAMPTZ NOT NULL,
            job TEXT NOT NULL
        )
        """,
        "CREATE INDEX import_jobs_by_user ON import_jobs(user_id, created_at)",
        "CREATE INDEX import_jobs_by_owner ON import_jobs(owner, state)",
    ]

    public func saveImportJob(_ stored: StoredImportJob, of user: ServerUser, keepingPerUser: Int) async throws {
        let text = try ImportJobColumns.text(stored.job)
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                if stored.job.state == .queued {
                    try await connection.query(
                        """
                        DELETE FROM import_jobs WHERE id IN (
                            SELECT id FROM import_jobs
                            WHERE user_id = \(user.id) AND state IN \(unescaped: ImportJobColumns.finishedStates)
                            ORDER BY created_at DESC, seq DESC OFFSET \(keepingPerUser))
                        """, logger: logger)
                }
                // A job of a user removed meanwhile is not stored; a finished one is never changed
                // (a late progress note cannot undo how it ended).
                try await connection.query(
                    """
                    INSERT INTO import_jobs (id, user_id, owner, state, created_at, noted_at, job)
                    SELECT \(stored.job.id), id, \(stored.owner), \(stored.job.state.rawValue), \(stored.job.createdAt),
                        \(stored.notedAt), \(text)
                    FROM users WHERE id = \(user.id)
                    ON CONFLICT (id) DO UPDATE SET state = excluded.state, noted_at = excluded.noted_at, job = excluded.job
                    WHERE import_jobs.state NOT IN \(unescaped: ImportJobColumns.finishedStates)
                    """, logger: logger)
            }
        }
    }

    public func noteImportJobs(of owner: UUID, at date: Date) async throws {
        try await guarded {
            try await client.query(
                """
                UPDATE import_jobs SET noted_at = \(date)
                WHERE owner = \(owner) AND state NOT IN \(unescaped: ImportJobColumns.finishedStates)
                """, logger: logger)
        }
    }

    public func importJobs(of user: ServerUser, id: String?) async throws -> [StoredImportJob] {
        try await storedImportJobs(
            """
            SELECT owner, noted_at, job FROM import_jobs WHERE user_id = \(user.id) AND (\(id)::TEXT IS NULL OR id = \(id))
            ORDER BY created_at DESC, seq DESC
            """)
    }

    public func importJobs(ids: [String]) async throws -> [StoredImportJob] {
        guard !ids.isEmpty else { return [] }
        return try await storedImportJobs("SELECT owner, noted_at, job FROM import_jobs WHERE id = ANY(\(ids))")
    }

    /// The jobs a `SELECT owner, noted_at, job` query finds.
    private func storedImportJobs(_ query: PostgresQuery) async throws -> [StoredImportJob] {
        try await guarded {
            var jobs: [StoredImportJob] = []
            for try await row in try await client.query(query, logger: logger) {
                let cells = row.makeRandomAccess()
                jobs.append(
                    StoredImportJob(
                        job: try ImportJobColumns.job(try cells.value("job")),
                        owner: try cells.value("owner"),
                        notedAt: try cells.value("noted_at")))
            }
            return jobs
        }
    }
}
