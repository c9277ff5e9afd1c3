import Foundation
import VitalsCore
import VitalsStore

/// An opened ``ExportSource``: hands out its XML a chunk at a time and reads its route files.
///
/// Pull mode: nothing is read until ``nextChunk()`` is called, so the parser decides when to read
/// on (it waits for its writer in between). Owns a file descriptor or an open zip; used by one
/// task at a time.
final class ExportReader {
    private enum Location {
        /// A bare XML file, and the folder its route files are found in.
        case file(descriptor: Int32, folder: URL)
        /// The zip, the XML's entry and its reader.
        case zip(ZipArchive, ZipArchive.Entry, ZipEntryReader)
    }

    /// The path the user gave, for messages.
    let path: String
    private let location: Location
    private let buffer: UnsafeMutableRawBufferPointer

    /// Opens the XML at `url`; throws `.io` when it cannot be read.
    init(path: String, file url: URL) throws {
        self.path = path
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw VitalsError(.io, "cannot open the file", at: InputLocation(file: url.path))
        }
        location = .file(descriptor: descriptor, folder: url.deletingLastPathComponent())
        buffer = .allocate(byteCount: ExportSource.chunkSize, alignment: 16)
    }

    /// Opens `entry` of `archive` for reading.
    init(path: String, archive: ZipArchive, entry: ZipArchive.Entry) throws {
        self.path = path
        location = .zip(archive, entry, try archive.reader(for: entry))
        buffer = .allocate(byteCount: ExportSource.chunkSize, alignment: 16)
    }

    deinit {
        if case .file(let descriptor, _) = location { close(descriptor) }
        buffer.deallocate()
    }

    /// The next chunk of the XML (valid until the next call); nil at the end.
    ///
    /// Throws `.io` when the file cannot be read and `.invalidInput` (naming the zip's byte) when
    /// the zip entry is truncated or damaged.
    func nextChunk() throws -> UnsafeRawBufferPointer? {
        let count: Int
        switch location {
        case .file(let descriptor, _):
            var read = -1
            repeat {
                read = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            } while read < 0
                && errno == EINTR
            guard read >= 0 else { throw VitalsError(.io, "reading the file failed", at: InputLocation(file: path)) }
            count = read
        case .zip(_, _, let reader):
            count = try reader.read(into: buffer)
        }
        return count == 0 ? nil : UnsafeRawBufferPointer(rebasing: buffer[0..<count])
    }

    /// The bytes of a route file named in the XML (`/workout-routes/route_….gpx`), if present.
    func routeFile(_ reference: String) -> Data? {
        let relative = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        switch location {
        case .file(_, let folder):
            return FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
        case .zip(let archive, let entry, _):
            let folder = (entry.path as NSString).deletingLastPathComponent
            let entryPath = folder.isEmpty ? relative : folder + "/" + relative
            guard let routeEntry = archive[entryPath] else { return nil }
            return try? archive.contents(of: routeEntry)
        }
    }
}
