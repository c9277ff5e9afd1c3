import Foundation

/// How an ``ImportJob`` is kept in a repository's `import_jobs.job` column: JSON, exact for every field.
package enum ImportJobColumns {
    /// The finished states (``ImportJob/State/isFinished``), as stored in `import_jobs.state`, as
    /// an SQL list: `('succeeded', 'failed', 'cancelled')`.
    package static let finishedStates =
        "("
        + ImportJob.State.allCases.filter(\.isFinished).map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"

    package static func text(_ job: ImportJob) throws -> String {
        String(decoding: try JSONEncoder().encode(job), as: UTF8.self)
    }

    package static func job(_ text: String) throws -> ImportJob {
        try JSONDecoder().decode(ImportJob.self, from: Data(text.utf8))
    }
}
