import Foundation
import GRDB
import Logging
import NIOCore
import PostgresNIO
import VitalsCore
import VitalsStore

/// PostgreSQL's binary `COPY` format, written straight from the bytes SQLite stores.
///
/// Samples, the bulk of a migration, travel this way: a double is its 8 bytes (bit for bit, no
/// shortest decimal printed here and parsed there), a UUID its 16, text its UTF-8, and no
/// `String` is made per field. The other, small tables keep the text format (``MigrationTable``).
enum BinaryCopy {
    /// One page of a user's samples as binary rows, with their number and the last UUID read.
    struct SamplePage: Sendable {
        var data: ByteBuffer
        var rows: Int
        var lastUUID: Data
        /// The longest sample (`end - start`, seconds) of each type in the page, by type
        /// identifier: the rows of `sample_durations`, which reads rely on.
        var longest: [String: Double] = [:]
    }

    /// The signature, the flags and the header extension's length that start the data.
    static func writeHeader(to buffer: inout ByteBuffer) {
        buffer.writeBytes([0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00])
        buffer.writeInteger(Int32(0))
        buffer.writeInteger(Int32(0))
    }

    /// The end of the data.
    static func writeTrailer(to buffer: inout ByteBuffer) { buffer.writeInteger(Int16(-1)) }

    /// `COPY table (columns) FROM STDIN WITH (FORMAT binary)`, its data written by `writeData`.
    ///
    /// PostgresNIO's `copyFrom` builds `COPY "table" FROM STDIN WITH (FORMAT text)` from the table
    /// name as given, and has no binary option; its wire protocol handles either format. So the
    /// name given carries the columns and the format, and `--` turns the text-format tail into a
    /// comment. `table` and `columns` are this file's constants, never input. The migration's
    /// round trip tests fail if a PostgresNIO release builds the statement differently.
    static func copyFrom(
        table: String, columns: [String], on connection: PostgresConnection, logger: Logger,
        writeData: (PostgresCopyFromWriter) async throws -> Void
    ) async throws {
        let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        try await connection.copyFrom(
            table: "\(table)\" (\(quoted)) FROM STDIN WITH (FORMAT binary) --",
            logger: logger, writeData: writeData)
    }

    /// The columns ``samplePage(of:after:limit:as:in:)`` writes, in order.
    static let sampleColumns = MigrationTable.samples.columns.map(\.name)

    /// Up to `limit` samples of SQLite user `userID` after UUID `lastUUID` (empty: from the first),
    /// in UUID order, as rows of ``sampleColumns`` for PostgreSQL user `targetUserID`.
    static func samplePage(
        of userID: Int64, after lastUUID: Data, limit: Int, as targetUserID: Int64,
        in db: Database
    ) throws -> SamplePage {
        // uuid, type, start, end, value, source_name, metadata, type id (see MigrationTable.samples).
        let row = RawStatement(try db.cachedStatement(sql: MigrationTable.samples.select))
        row.reset()
        row.bind(1, userID)
        row.bind(2, blob: lastUUID)
        row.bind(3, Int64(limit))
        var page = SamplePage(data: ByteBuffer(), rows: 0, lastUUID: lastUUID)
        page.data.reserveCapacity(limit * 112)
        var lastUUIDAt: Int?
        // By SQLite's type id: a type's identifier is made into a String once per page.
        var longest: [Int64: (type: String, seconds: Double)] = [:]
        while try row.nextRow(db) {
            page.data.writeInteger(Int16(sampleColumns.count))
            page.data.writeInteger(Int32(8))
            page.data.writeInteger(targetUserID)
            guard row.withBytes(0, { $0.count }) == 16 else {
                row.reset()
                throw VitalsError(
                    .database, "a sample's UUID is not 16 bytes", at: InputLocation(field: "samples.uuid"))
            }
            lastUUIDAt = page.data.writerIndex + 4
            writeBytes(of: row, 0, to: &page.data)
            writeBytes(of: row, 1, to: &page.data)
            for column: Int32 in 2...4 {
                guard row.isNumber(column) else {
                    row.reset()
                    throw VitalsError(
                        .database, "a sample's \(["start", "end", "value"][Int(column) - 2]) is not a number",
                        at: InputLocation(field: "samples"))
                }
                page.data.writeInteger(Int32(8))
                page.data.writeInteger(row.double(column).bitPattern)
            }
            writeBytes(of: row, 5, to: &page.data)
            if row.isNull(6) {
                page.data.writeInteger(Int32(-1))
            } else {
                writeBytes(of: row, 6, to: &page.data)
            }
            let typeID = row.int64(7)
            let seconds = row.double(3) - row.double(2)
            if let known = longest[typeID] {
                if seconds > known.seconds { longest[typeID]!.seconds = seconds }
            } else {
                longest[typeID] = (row.text(1), seconds)
            }
            page.rows += 1
        }
        for (type, seconds) in longest.values { page.longest[type] = seconds }
        if let lastUUIDAt, let bytes = page.data.getBytes(at: lastUUIDAt, length: 16) {
            page.lastUUID = Data(bytes)
        }
        return page
    }

    /// A length-prefixed field of column `index`'s stored bytes.
    private static func writeBytes(of row: RawStatement, _ index: Int32, to buffer: inout ByteBuffer) {
        row.withBytes(index) { bytes in
            buffer.writeInteger(Int32(bytes.count))
            buffer.writeBytes(bytes)
        }
    }
}
