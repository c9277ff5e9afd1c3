import Foundation
import VitalsCore
import VitalsZlib

/// The uncompressed bytes of one zip entry, handed out a buffer at a time when asked.
///
/// Pull mode: nothing is read before ``read(into:)`` is called, so the caller decides when the
/// next chunk is worth reading (the export's parser `await`s its writer in between). Stored
/// entries are copied; deflated ones are inflated with zlib. At the end the size and CRC-32
/// are checked against the central directory: a damaged or truncated entry is an error naming
/// the byte of the zip where it was found, never a shorter export.
final class ZipEntryReader {
    private let archive: ZipArchive
    private let entry: ZipArchive.Entry
    /// Where the entry's compressed bytes start and how many are left to read.
    private var inputOffset: Int64
    private var inputLeft: Int64
    /// Uncompressed bytes handed out so far and their CRC-32.
    private var produced: Int64 = 0
    private var checksum: UInt = 0
    private var ended = false
    /// zlib's state; it must not move while in use, so it lives on the heap.
    private let stream: UnsafeMutablePointer<z_stream>?
    private let input: UnsafeMutableRawBufferPointer

    /// Compressed bytes read per call to the file.
    private static let inputSize = 256 << 10

    init(archive: ZipArchive, entry: ZipArchive.Entry, dataOffset: Int64) throws {
        self.archive = archive
        self.entry = entry
        inputOffset = dataOffset
        inputLeft = entry.compressedSize
        guard entry.flags & 1 == 0 else {
            throw archive.damaged(
                "the zip entry \(entry.path) is encrypted, which Vitals does not read", at: entry.localHeaderOffset)
        }
        guard dataOffset + entry.compressedSize <= archive.fileSize else {
            throw archive.damaged(
                "the zip entry \(entry.path) runs past the end of the file (truncated)", at: archive.fileSize)
        }
        switch entry.method {
        case 0:
            stream = nil
            input = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        case 8:
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            // Negative window bits: raw deflate, as zip stores it (no zlib header).
            guard inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                stream.deallocate()
                throw VitalsError(.io, "zlib could not be set up", at: InputLocation(file: archive.path))
            }
            self.stream = stream
            input = .allocate(byteCount: Self.inputSize, alignment: 16)
        default:
            throw archive.damaged(
                "the zip entry \(entry.path) is compressed with method \(entry.method), which Vitals does not read "
                    + "(only stored and deflated entries)", at: entry.localHeaderOffset)
        }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
            input.deallocate()
        }
    }

    /// Fills the start of `buffer` with the next bytes and returns how many; 0 at the end.
    ///
    /// Throws `.invalidInput` naming the byte of the zip when the entry is damaged, truncated
    /// or its size or checksum does not match the central directory.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !ended, buffer.count > 0 else { return 0 }
        // At most one byte past the declared size: an entry longer than it says is caught at the
        // same byte whatever the buffer's size.
        let room = entry.uncompressedSize - produced + 1
        let buffer =
            Int64(buffer.count) > room ? UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(room)]) : buffer
        let count = try stream.map { try inflate(into: buffer, with: $0) } ?? copy(into: buffer)
        if count > 0 {
            produced += Int64(count)
            checksum = crc32(checksum, buffer.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(count))
            guard produced <= entry.uncompressedSize else {
                throw archive.damaged(
                    "the zip entry \(entry.path) is longer than its size says (damaged)", at: inputOffset)
            }
        } else {
            ended = true
            guard produced == entry.uncompressedSize else {
                throw archive.damaged(
                    "the zip entry \(entry.path) ends after \(produced) of its \(entry.uncompressedSize) bytes "
                        + "(truncated or damaged)", at: inputOffset)
            }
            guard UInt32(truncatingIfNeeded: checksum) == entry.crc32 else {
                throw archive.damaged(
                    "the zip entry \(entry.path) is damaged (its CRC-32 checksum does not match)", at: inputOffset)
            }
        }
        return count
    }

    private func copy(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = Int(Swift.min(Int64(buffer.count), inputLeft))
        guard count > 0 else { return 0 }
        try archive.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]), at: inputOffset)
        inputOffset += Int64(count)
        inputLeft -= Int64(count)
        return count
    }

    private func inflate(
        into buffer: UnsafeMutableRawBufferPointer, with stream: UnsafeMutablePointer<z_stream>
    ) throws
        -> Int
    {
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0, inputLeft > 0 {
                let count = Int(Swift.min(Int64(input.count), inputLeft))
                try archive.read(into: UnsafeMutableRawBufferPointer(rebasing: input[0..<count]), at: inputOffset)
                inputOffset += Int64(count)
                inputLeft -= Int64(count)
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
            }
            let result = VitalsZlib.inflate(stream, Z_NO_FLUSH)
            if result == Z_STREAM_END { break }
            if result == Z_BUF_ERROR, inputLeft == 0, stream.pointee.avail_in == 0 {
                // The compressed bytes ended before the deflate stream did.
                throw archive.damaged(
                    "the zip entry \(entry.path) ends early (truncated or damaged)", at: inputOffset)
            }
            guard result == Z_OK || result == Z_BUF_ERROR else {
                // The byte after the last one zlib consumed.
                throw archive.damaged(
                    "the zip entry \(entry.path) is damaged (its deflate data cannot be read)",
                    at: inputOffset - Int64(stream.pointee.avail_in))
            }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }
}
