package import Foundation
package import GRDB
import GRDBSQLite

/// Binds, steps and reads a prepared statement through SQLite's C API, skipping GRDB's per-call
/// argument arrays and rows: the hot path of bulk inserts, where that overhead was a tenth of the
/// time, and of the server's per-request reads. Package access: the server's storage and the
/// PostgreSQL migration use it; it is not part of the library's API.
///
/// Values bind as GRDB would bind them (a `UUID` as its 16 bytes), so rows read back alike.
package struct RawStatement {
    private let statement: Statement
    private let handle: OpaquePointer
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    package init(_ statement: Statement) {
        self.statement = statement
        handle = statement.sqliteStatement
    }

    /// Starts a new row.
    package func reset() { sqlite3_reset(handle) }

    package func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }

    package func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, index, value) } else { _ = sqlite3_bind_null(handle, index) }
    }

    package func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { _ = sqlite3_bind_null(handle, index) }
    }

    package func bind(_ index: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(handle, index)
            return
        }
        var copy = value
        copy.withUTF8 { bytes in
            _ = sqlite3_bind_text(
                handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                Int32(bytes.count), Self.transient)
        }
    }

    /// Binds bytes as a blob (SQLite keeps no reference to them).
    package func bind(_ index: Int32, blob: Data) {
        blob.withUnsafeBytes { bytes in
            // A non-null pointer even for no bytes: SQLite binds NULL for a null pointer.
            _ = sqlite3_bind_blob(
                handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                Self.transient)
        }
    }

    package func bind(_ index: Int32, _ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, 16, Self.transient)
        }
    }

    /// Rows changed by the last step (0 when `ON CONFLICT DO NOTHING` skipped the row), without
    /// GRDB's per-call queue check.
    package func changes(_ db: Database) -> Int32 { sqlite3_changes(db.sqliteConnection) }

    /// The row id of the last insert, without GRDB's per-call queue check.
    package func lastRowID(_ db: Database) -> Int64 { sqlite3_last_insert_rowid(db.sqliteConnection) }

    /// Steps to the next result row; false when there are no more (the statement is then reset).
    package func nextRow(_ db: Database) throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                sql: statement.sql)
        }
        return false
    }

    /// Column `index` (0-based) of the current row as an integer.
    package func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` (0-based) of the current row as a number.
    package func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` (0-based) of the current row as text ("" for NULL).
    package func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Whether column `index` (0-based) of the current row is NULL.
    package func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Whether column `index` (0-based) of the current row is stored as an integer or a real.
    package func isNumber(_ index: Int32) -> Bool {
        let type = sqlite3_column_type(handle, index)
        return type == SQLITE_INTEGER || type == SQLITE_FLOAT
    }

    /// Calls `body` with the stored bytes of column `index` (a blob, or text as UTF-8), valid only
    /// inside `body`; empty for NULL.
    package func withBytes<Result>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
    {
        let pointer = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
    }

    /// Runs the statement; throws SQLite's error with its message.
    package func step(_ db: Database) throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}
