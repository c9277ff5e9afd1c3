import Foundation
import VitalsCore

/// An Apple Health export uploaded to `POST /api/me/imports` and its import into the user, as
/// `GET /api/me/imports/{id}` answers it.
///
/// Counts, states and error codes only, never a health value. Kept in the repository by
/// ``ImportJobQueue`` (see there), as JSON.
public struct ImportJob: Sendable, Codable, Hashable {
    /// Where the job is.
    public enum State: String, Sendable, Codable, Hashable, CaseIterable {
        /// Uploaded, waiting for the import before it to finish.
        case queued
        /// Being imported (in one transaction: nothing is visible until it succeeds).
        case running
        /// Imported; ``ImportJob/report`` says what was stored.
        case succeeded
        /// Not imported (not an export, a database failure); the user's data is as it was.
        case failed
        /// Stopped by the server's shutdown before it finished; the user's data is as it was.
        case cancelled

        /// Whether the job is over (its file deleted).
        public var isFinished: Bool { self == .succeeded || self == .failed || self == .cancelled }
    }

    /// Why a job failed or was cancelled: a stable code and a sentence naming where (the byte
    /// offset in the export's XML), never a value read.
    public struct Failure: Sendable, Codable, Hashable {
        /// `invalid_input` (not an export), `io`, `database`, `cancelled`, `interrupted` (the
        /// server importing it stopped without finishing), `internal`...
        public var code: String
        public var message: String
        /// Where in the export's XML reading stopped, when known.
        public var byteOffset: Int64?

        public init(code: String, message: String, byteOffset: Int64? = nil) {
            self.code = code
            self.message = message
            self.byteOffset = byteOffset
        }
    }

    /// The job's id (a lowercase UUID), as in `Location: /api/me/imports/{id}`.
    public var id: String
    public var state: State
    /// Bytes of the upload received (the file's size).
    public var bytesReceived: Int64
    /// Bytes of the export's XML read so far (uncompressed).
    public var bytesDone: Int64 = 0
    /// Bytes of the export's XML in all (0 until the import starts, or when unknown).
    public var bytesTotal: Int64 = 0
    /// Samples stored so far in the import's transaction.
    public var samples = 0
    /// What the import stored; only when ``state`` is `succeeded`.
    public var report: ExportImportReport?
    /// Why it failed or was cancelled; only then.
    public var error: Failure?
    /// When the upload was received.
    public var createdAt: Date
    /// When the import ended (succeeded, failed or cancelled).
    public var finishedAt: Date?

    public init(id: String, bytesReceived: Int64, createdAt: Date) {
        self.id = id
        state = .queued
        self.bytesReceived = bytesReceived
        self.createdAt = createdAt
    }
}
