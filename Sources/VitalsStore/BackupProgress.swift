import Foundation

/// How far a backup or a restore has come, for a progress bar.
public struct BackupProgress: Sendable, Equatable {
    /// What is being done.
    public enum Phase: String, Sendable {
        /// Copying the database's pages (a backup) or the backup's bytes (a restore).
        case copying
        /// Checking the copy (SQLite's check, row counts, schema): no fraction to show.
        case verifying
    }

    /// What is being done.
    public var phase: Phase
    /// Bytes copied so far.
    public var bytesDone: Int64
    /// Bytes to copy in all.
    public var bytesTotal: Int64

    /// Progress in `phase`, `bytesDone` of `bytesTotal`.
    public init(phase: Phase, bytesDone: Int64, bytesTotal: Int64) {
        self.phase = phase
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
    }
}
