import Foundation
import VitalsCore

/// Writes an export's files into a directory, each opened (created or emptied) when first written.
public final class ExportDirectory {
    /// The directory.
    public let url: URL
    private var handles: [String: FileHandle] = [:]

    /// Creates the directory if needed; existing export files in it are replaced as they are written.
    public init(url: URL) throws {
        self.url = url
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw VitalsError(
                .io, "cannot create the export directory", at: InputLocation(file: url.path), underlying: error)
        }
    }

    /// Appends `bytes` to `file`.
    public func write(_ file: String, _ bytes: [UInt8]) throws {
        let handle: FileHandle
        if let open = handles[file] {
            handle = open
        } else {
            let path = url.appendingPathComponent(file).path
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let opened = FileHandle(forWritingAtPath: path)
            else {
                throw VitalsError(.io, "cannot create the export file", at: InputLocation(file: path))
            }
            handles[file] = opened
            handle = opened
        }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw VitalsError(
                .io, "cannot write the export file", at: InputLocation(file: url.appendingPathComponent(file).path),
                underlying: error)
        }
    }

    /// Closes every file.
    public func close() throws {
        for handle in handles.values { try handle.close() }
        handles.removeAll()
    }

    deinit { for handle in handles.values { try? handle.close() } }
}
