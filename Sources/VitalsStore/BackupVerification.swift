import Foundation

/// What checking a database file found: its schema, its tables' row counts and SQLite's verdict.
public struct BackupVerification: Sendable, Equatable, Codable {
    /// One table and how many rows it holds.
    public struct Table: Sendable, Equatable, Codable {
        /// The table's name.
        public var name: String
        /// Its rows.
        public var rows: Int
    }

    /// The file's kind and migrations.
    public var schema: SchemaVersion
    /// Every table but SQLite's own, by name.
    public var tables: [Table]
    /// The check's answer: `ok`.
    public var integrity: String
    /// The check that gave it: `integrity_check` or `quick_check` (``SQLiteFileCheck/Depth``).
    public var check: String
    /// The file's size in bytes.
    public var bytes: Int64
}
