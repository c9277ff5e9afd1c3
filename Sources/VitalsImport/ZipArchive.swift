import Foundation
import VitalsCore

/// A zip file opened for reading: its central directory, and its entries read in pull mode.
///
/// What an Apple Health `export.zip` needs and no more: stored and deflated entries, ZIP64
/// (exports past 4 GB), names in UTF-8. Entries are read through ``ZipEntryReader``, which
/// hands out the next chunk when asked, so a parser can `await` between chunks. Encrypted,
/// split and otherwise compressed entries are refused with a clear error. Owns its file
/// descriptor; used by one task at a time.
final class ZipArchive {
    /// One file or folder of the archive, as its central directory describes it.
    struct Entry: Sendable, Hashable {
        /// The path inside the archive (`apple_health_export/export.xml`).
        var path: String
        /// 0 stored, 8 deflated.
        var method: UInt16
        /// General-purpose flags (bit 0: encrypted).
        var flags: UInt16
        var crc32: UInt32
        var compressedSize: Int64
        var uncompressedSize: Int64
        /// Offset of the entry's local header in the file.
        var localHeaderOffset: Int64

        /// Whether the entry is a folder (its name ends in `/`).
        var isDirectory: Bool { path.hasSuffix("/") }
    }

    /// The path the user gave, for messages.
    let path: String
    /// The entries in the order of the central directory.
    private(set) var entries: [Entry] = []
    /// Entry positions by path, built on the first look-up.
    private var index: [String: Int] = [:]
    private let descriptor: Int32
    /// Bytes in the file.
    let fileSize: Int64

    /// Opens the zip at `url` and reads its central directory; throws `.io` when the file cannot
    /// be opened and `.invalidInput` (naming the byte offset) when it is no readable zip.
    init(url: URL, path: String) throws {
        self.path = path
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw VitalsError(.io, "cannot open the file", at: InputLocation(file: path))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw VitalsError(.io, "cannot read the file's size", at: InputLocation(file: path))
        }
        fileSize = Int64(status.st_size)
        do {
            entries = try readCentralDirectory()
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// The entry at `path`, if any.
    subscript(path: String) -> Entry? {
        if index.isEmpty, !entries.isEmpty {
            // The first entry of a path wins, as it does in the zip tools.
            index = Dictionary(entries.indices.map { (entries[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return index[path].map { entries[$0] }
    }

    /// A reader of `entry`'s uncompressed bytes.
    func reader(for entry: Entry) throws -> ZipEntryReader {
        try ZipEntryReader(archive: self, entry: entry, dataOffset: try dataOffset(of: entry))
    }

    /// The whole uncompressed contents of `entry` (a route file); throws when it is damaged or
    /// larger than `limit` bytes.
    func contents(of entry: Entry, limit: Int64 = 1 << 30) throws -> Data {
        guard entry.uncompressedSize <= limit else {
            throw damaged("the zip entry \(entry.path) is larger than \(limit >> 20) MB", at: entry.localHeaderOffset)
        }
        let reader = try reader(for: entry)
        var data = Data(count: Int(entry.uncompressedSize))
        var filled = 0
        try data.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if count == 0 { break }
                filled += count
            }
            // Reads the end, where the size and checksum are checked.
            var end: UInt8 = 0
            _ = try withUnsafeMutableBytes(of: &end) { try reader.read(into: $0) }
        }
        return data
    }

    /// Reads exactly `count` bytes at `offset` into `buffer`; throws when the file ends first.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if count < 0 {
                if errno == EINTR { continue }
                throw VitalsError(.io, "reading the zip failed", at: InputLocation(file: path, byteOffset: offset))
            }
            if count == 0 { throw damaged("the zip ends early (truncated)", at: offset + Int64(done)) }
            done += count
        }
    }

    /// Reads `count` bytes at `offset`.
    func bytes(_ count: Int, at offset: Int64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try read(into: $0, at: offset) }
        return bytes
    }

    /// An `.invalidInput` error naming the zip and the byte.
    func damaged(_ message: String, at offset: Int64?) -> VitalsError {
        VitalsError(.invalidInput, message, at: InputLocation(file: path, byteOffset: offset))
    }

    /// Where `entry`'s data starts: after its local header, whose name and extra field lengths
    /// may differ from the central directory's.
    private func dataOffset(of entry: Entry) throws -> Int64 {
        let header = try bytes(30, at: entry.localHeaderOffset)
        guard header.le32(0) == 0x0403_4B50 else {
            throw damaged("the zip entry \(entry.path) has no local header", at: entry.localHeaderOffset)
        }
        return entry.localHeaderOffset + 30 + Int64(header.le16(26)) + Int64(header.le16(28))
    }
}

extension [UInt8] {
    /// The little-endian 16-bit number at `offset`.
    func le16(_ offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }

    /// The little-endian 32-bit number at `offset`.
    func le32(_ offset: Int) -> UInt32 { UInt32(le16(offset)) | UInt32(le16(offset + 2)) << 16 }

    /// The little-endian 64-bit number at `offset`.
    func le64(_ offset: Int) -> UInt64 { UInt64(le32(offset)) | UInt64(le32(offset + 4)) << 32 }
}
