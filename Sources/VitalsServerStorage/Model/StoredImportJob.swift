import Foundation

/// An import job as the repository keeps it: the job, the server process working on it, and
/// when that process last said it still was.
///
/// Every `vitals serve` on one database answers `GET /api/me/imports` from these rows, whichever
/// of them received the upload. A process notes its unfinished jobs every few seconds
/// (``ImportJobQueue``); an unfinished job whose process stopped noting it is reported as
/// interrupted.
public struct StoredImportJob: Sendable, Hashable {
    public var job: ImportJob
    /// The queue (one per server process) that received the upload and runs its import.
    public var owner: UUID
    /// When the owner last stored or noted the job, by its clock.
    public var notedAt: Date

    public init(job: ImportJob, owner: UUID, notedAt: Date) {
        self.job = job
        self.owner = owner
        self.notedAt = notedAt
    }
}
