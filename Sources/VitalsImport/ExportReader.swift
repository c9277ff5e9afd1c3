import Foundation
import VitalsCore
import VitalsStore
import ZIPFoundation

/// An opened ``ExportSource``: reads its XML and route files. Used by one thread only.
struct ExportReader {
    enum Location {
        case file(URL)
        case zip(Archive, Entry)
    }

    /// The path the user gave, for messages.
    let path: String
    let location: Location

    private static var chunkSize: Int { ExportSource.chunkSize }

    /// Streams the XML to `body` in chunks.
    func readXML(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch location {
        case .file(let url):
            let descriptor = open(url.path, O_RDONLY)
            guard descriptor >= 0 else {
                throw VitalsError(.io, "cannot open the file", at: InputLocation(file: url.path))
            }
            defer { close(descriptor) }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let count = read(descriptor, buffer.baseAddress, Self.chunkSize)
                if count < 0 { throw VitalsError(.io, "reading the file failed", at: InputLocation(file: url.path)) }
                if count == 0 { return }
                try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        case .zip(let archive, let entry):
            do {
                _ = try archive.extract(entry, bufferSize: Self.chunkSize, skipCRC32: false) { data in
                    try data.withUnsafeBytes { try body($0) }
                }
            } catch let error as VitalsError {
                throw error
            } catch {
                throw VitalsError(
                    .invalidInput, "the zip entry \(entry.path) cannot be read (truncated or damaged)",
                    at: InputLocation(file: path), underlying: SendableDescription(error))
            }
        }
    }

    /// The bytes of a route file named in the XML (`/workout-routes/route_….gpx`), if present.
    func routeFile(_ reference: String) -> Data? {
        let relative = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        switch location {
        case .file(let url):
            return FileManager.default.contents(
                atPath: url.deletingLastPathComponent().appendingPathComponent(relative).path)
        case .zip(let archive, let entry):
            let folder = (entry.path as NSString).deletingLastPathComponent
            let entryPath = folder.isEmpty ? relative : folder + "/" + relative
            guard let routeEntry = archive[entryPath] else { return nil }
            var data = Data()
            do {
                _ = try archive.extract(routeEntry, skipCRC32: false) { data.append($0) }
            } catch {
                return nil
            }
            return data
        }
    }
}
