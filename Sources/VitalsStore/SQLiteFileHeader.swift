import Foundation
import VitalsCore

/// The first 100 bytes of a SQLite file, read without SQLite: enough to tell a truncated copy.
struct SQLiteFileHeader {
    /// Bytes per page.
    var pageSize: Int64
    /// Pages in the file as the header counts them, when the count is valid.
    var pageCount: Int64?

    /// Checks that `path` is a SQLite file at least as long as its header says; returns its size.
    static func checkLength(of path: String) throws -> Int64 {
        let location = InputLocation(file: path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw VitalsError(.io, "cannot read the file (missing or not readable)", at: location)
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()).map(Int64.init) ?? 0
        try? handle.seek(toOffset: 0)
        let bytes = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        guard let header = SQLiteFileHeader(bytes) else {
            throw VitalsError(
                .invalidInput, "is not a SQLite database (no SQLite header in its first 100 bytes)",
                at: location.with(byteOffset: 0))
        }
        if let pages = header.pageCount, pages * header.pageSize > size {
            throw VitalsError(
                .invalidInput,
                "is truncated: its header counts \(pages) pages of \(header.pageSize) bytes (\(pages * header.pageSize) bytes), the file has \(size)",
                at: location.with(byteOffset: size))
        }
        guard size % header.pageSize == 0 else {
            throw VitalsError(
                .invalidInput, "is truncated: \(size) bytes is not a whole number of \(header.pageSize)-byte pages",
                at: location.with(byteOffset: size - size % header.pageSize))
        }
        return size
    }

    /// Parses a header; nil when `bytes` is not one.
    init?(_ bytes: [UInt8]) {
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else { return nil }
        func big(_ offset: Int, _ count: Int) -> Int64 {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int64($1) }
        }
        let size = big(16, 2)
        pageSize = size == 1 ? 65_536 : size
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return nil }
        // The in-header page count is valid only when written by a SQLite that keeps it (3.7.0+):
        // then "version-valid-for" equals the change counter.
        let pages = big(28, 4)
        pageCount = pages > 0 && big(92, 4) == big(24, 4) ? pages : nil
    }
}

private extension InputLocation {
    /// The same place at byte `offset`.
    func with(byteOffset offset: Int64) -> InputLocation {
        var copy = self
        copy.byteOffset = offset
        return copy
    }
}
