import Foundation

/// What a restore put in place.
public struct SQLiteRestoreReport: Sendable, Equatable {
    /// The database file now holding the backup.
    public var target: String
    /// Its size in bytes.
    public var bytes: Int64
    /// Every table with its rows, by name.
    public var tables: [BackupVerification.Table]
    /// Its kind and schema version.
    public var schema: SchemaVersion
    /// The replaced file, when it was kept; nil when there was none or it was removed.
    public var previous: String?
    /// Seconds from start to the new file opening.
    public var seconds: Double
}
