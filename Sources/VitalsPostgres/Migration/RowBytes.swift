import NIOCore
import PostgresNIO
import VitalsCore

/// One PostgreSQL row's cells as the bytes of their binary format, gathered into one buffer that
/// is reused from row to row: what the migration's verification hashes, with no value decoded.
struct RowBytes {
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>?] = []

    /// Gathers `row`'s cells; throws when PostgreSQL sent one as text.
    mutating func gather(_ row: PostgresRow) throws {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        for cell in row {
            guard cell.format == .binary else {
                throw VitalsError(
                    .database, "PostgreSQL sent a column as text, not in its binary format",
                    at: InputLocation(field: cell.columnName))
            }
            guard let buffer = cell.bytes else {
                ranges.append(nil)
                continue
            }
            let start = bytes.count
            bytes.append(contentsOf: buffer.readableBytesView)
            ranges.append(start..<bytes.count)
        }
    }

    /// Calls `body` with the gathered cells, valid only inside it.
    func withCells<Result>(_ body: (Cells) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { try body(Cells(base: $0, ranges: ranges)) }
    }

    /// The cells of one row.
    struct Cells {
        fileprivate let base: UnsafeRawBufferPointer
        fileprivate let ranges: [Range<Int>?]

        /// Cell `index`'s bytes (none for NULL).
        subscript(index: Int) -> UnsafeRawBufferPointer {
            optional(index) ?? UnsafeRawBufferPointer(start: nil, count: 0)
        }

        /// Cell `index`'s bytes, nil for NULL.
        func optional(_ index: Int) -> UnsafeRawBufferPointer? {
            ranges[index].map { UnsafeRawBufferPointer(rebasing: base[$0]) }
        }

        /// Cell `index` as a big-endian 64-bit pattern (a `float8` or `int8`); 0 unless it has 8 bytes.
        func bits(_ index: Int) -> UInt64 {
            let cell = self[index]
            guard cell.count == 8 else { return 0 }
            return UInt64(bigEndian: cell.loadUnaligned(as: UInt64.self))
        }
    }
}
