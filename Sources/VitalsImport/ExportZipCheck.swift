import Foundation
import VitalsCore

/// Reads every entry of a zip through the importer's zip reader, storing nothing: what the
/// fuzzer (`vitals-fuzz zip`) and its regression tests drive.
///
/// Opens the zip at a path as an import does (central directory, ZIP64 records), then reads each
/// file entry whole with buffers of `bufferSize` bytes, so the inflater's and the checksum's
/// edges fall everywhere. An entry that cannot be read is an outcome, not a failure.
public enum ExportZipCheck {
    /// What came of one entry.
    public enum Outcome: Sendable, Equatable {
        /// Read whole: its size and a hash of its bytes.
        case read(bytes: Int, hash: Int)
        /// Refused, with the error's message (without its location: where a damaged deflate stream
        /// is noticed in the zip depends on how far its input was read, 256 KB at a time).
        case refused(String)
        /// Declared larger than the check reads (`limit`).
        case tooLarge
    }

    /// Opens the zip at `path` and reads its file entries (`limit` bytes at most each), in order.
    ///
    /// - Throws: the importer's `VitalsError` when the zip itself cannot be read (no end record,
    ///   a central directory outside the file...), naming the file and the byte.
    public static func read(path: String, bufferSize: Int, limit: Int64 = 64 << 20) throws -> [String: Outcome] {
        let archive = try ZipArchive(url: URL(fileURLWithPath: path), path: path)
        var outcomes: [String: Outcome] = [:]
        var buffer = [UInt8](repeating: 0, count: max(1, bufferSize))
        for entry in archive.entries where !entry.isDirectory && outcomes[entry.path] == nil {
            guard entry.uncompressedSize <= limit else {
                outcomes[entry.path] = .tooLarge
                continue
            }
            do {
                let reader = try archive.reader(for: entry)
                var hasher = Hasher()
                var total = 0
                while true {
                    let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                    if count == 0 { break }
                    buffer.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    total += count
                }
                outcomes[entry.path] = .read(bytes: total, hash: hasher.finalize())
            } catch let error as VitalsError {
                outcomes[entry.path] = .refused(error.message)
            } catch {
                outcomes[entry.path] = .refused(String(describing: error))
            }
        }
        return outcomes
    }
}
