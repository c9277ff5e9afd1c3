import Foundation

/// How an ``ImportJob`` is kept in a repository's `import_jobs.job` column: JSON, exact for every field.
enum ImportJobColumns {
    /// The finished states, as stored in `import_jobs.state`, for SQL.
    static let finishedStates = "('succeeded', 'failed', 'cancelled')"

    static func text(_ job: ImportJob) throws -> String {
        String(decoding: try JSONEncoder().encode(job), as: UTF8.self)
    }

    static func job(_ text: String) throws -> ImportJob {
        try JSONDecoder().decode(ImportJob.self, from: Data(text.utf8))
    }
}
