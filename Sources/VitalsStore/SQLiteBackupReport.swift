import Foundation

/// What a backup wrote: where, how big, what it holds, how long it took.
public struct SQLiteBackupReport: Sendable, Equatable {
    /// The backup file.
    public var path: String
    /// Its size in bytes.
    public var bytes: Int64
    /// Every table with its rows, by name.
    public var tables: [BackupVerification.Table]
    /// The file's kind and schema version; nil when the copy was not checked.
    public var schema: SchemaVersion?
    /// The check's answer (`ok`); nil when the copy was not checked.
    public var integrity: String?
    /// The check: `integrity_check` or `quick_check`; nil when the copy was not checked.
    public var check: String?
    /// Seconds from start to the rename.
    public var seconds: Double
    /// Of those, seconds copying the pages (and flushing them to disk).
    public var copySeconds: Double
    /// Of those, seconds checking the copy.
    public var checkSeconds: Double
}
