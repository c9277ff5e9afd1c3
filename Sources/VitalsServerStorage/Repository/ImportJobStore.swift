import Foundation

/// The role of a repository that keeps the jobs of uploaded exports (`POST /api/me/imports`).
public protocol ImportJobStore: Sendable {
    /// Stores an import job of `user` (new, or changed by its owner); storing a queued one also
    /// forgets the user's oldest finished jobs past `keepingPerUser`.
    func saveImportJob(_ job: StoredImportJob, of user: ServerUser, keepingPerUser: Int) async throws
    /// Notes that `owner` still works on its unfinished jobs, at `date`.
    func noteImportJobs(of owner: UUID, at date: Date) async throws
    /// The user's import jobs, newest first; only the one with `id` when given.
    func importJobs(of user: ServerUser, id: String?) async throws -> [StoredImportJob]
    /// The import jobs with these ids, whoever's (the ids of the files in an upload folder).
    func importJobs(ids: [String]) async throws -> [StoredImportJob]
}
