import Foundation
import VitalsCore
import VitalsStore

/// Where an Apple Health export comes from: `export.zip` (read in place, nothing extracted),
/// a bare `export.xml`, or an unzipped `apple_health_export/` folder.
///
/// The XML is found by its content (`<HealthData`), since its name may be localized
/// (`导出.xml`) or capitalised, and `export_cda.xml` sits beside it. A source is a value: it
/// is found (and checked) before an import takes the store's write lock, then moved to the
/// parser's task, which alone opens it for reading (``ExportReader``).
struct ExportSource: Sendable {
    enum Location: Sendable, Hashable {
        case file(URL)
        /// The zip file and the path of the XML entry inside it.
        case zip(URL, entry: String)
    }

    let location: Location
    /// The path the user gave, for messages.
    let path: String
    /// Uncompressed size of the XML in bytes.
    let size: Int64
    /// Bytes read per chunk: large enough for throughput, small enough for memory.
    static let chunkSize = 1 << 20

    /// Finds the export XML at `path`, inside a zip or folder; throws when there is none.
    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VitalsError(.io, "no such file or folder", at: InputLocation(file: path))
        }
        if isDirectory.boolValue {
            guard let xml = try Self.findXML(in: url) else {
                throw VitalsError(
                    .invalidInput, "no Apple Health export XML (<HealthData>) in this folder",
                    at: InputLocation(file: path))
            }
            location = .file(xml)
            size = Self.fileSize(xml)
        } else if Self.looksLikeZip(url) {
            let archive = try ZipArchive(url: url, path: path)
            guard let entry = Self.findXML(in: archive) else {
                throw VitalsError(
                    .invalidInput, "no Apple Health export XML (<HealthData>) in this zip",
                    at: InputLocation(file: path))
            }
            location = .zip(url, entry: entry.path)
            size = Int64(entry.uncompressedSize)
        } else {
            location = .file(url)
            size = Self.fileSize(url)
        }
    }

    /// Opens the source for reading, in the task that will read it.
    func open() throws -> ExportReader {
        switch location {
        case .file(let url):
            return try ExportReader(path: path, file: url)
        case .zip(let url, let entryPath):
            let archive = try ZipArchive(url: url, path: path)
            guard let entry = archive[entryPath] else {
                throw VitalsError(
                    .invalidInput, "the zip entry \(entryPath) is gone (the file changed)",
                    at: InputLocation(file: path))
            }
            return try ExportReader(path: path, archive: archive, entry: entry)
        }
    }

    private static func looksLikeZip(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let magic = handle.readData(ofLength: 4)
        return magic == Data([0x50, 0x4B, 0x03, 0x04]) || magic == Data([0x50, 0x4B, 0x05, 0x06])
    }

    private static func fileSize(_ url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Whether the first bytes are an Apple Health export's (a `<HealthData` root soon after the start).
    static func isHealthExport(_ head: Data) -> Bool {
        head.range(of: Data("<HealthData".utf8)) != nil
    }

    private static func findXML(in folder: URL) throws -> URL? {
        let manager = FileManager.default
        var candidates: [URL] = []
        for level in [folder, folder.appendingPathComponent("apple_health_export")] {
            let names = (try? manager.contentsOfDirectory(atPath: level.path)) ?? []
            candidates += names.sorted().filter { $0.lowercased().hasSuffix(".xml") }.map {
                level.appendingPathComponent($0)
            }
        }
        for url in candidates {
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            defer { try? handle.close() }
            // The DTD of an export is ~10-20 KB; the root follows it.
            if isHealthExport(handle.readData(ofLength: 256 << 10)) { return url }
        }
        return nil
    }

    private static func findXML(in archive: ZipArchive) -> ZipArchive.Entry? {
        for entry in archive.entries where !entry.isDirectory && entry.path.lowercased().hasSuffix(".xml") {
            // The first 256 KB hold the DTD and the root; a damaged entry is no export.
            guard let reader = try? archive.reader(for: entry) else { continue }
            var head = Data(count: 256 << 10)
            let count = head.withUnsafeMutableBytes { buffer in
                var filled = 0
                while filled < buffer.count,
                    let read = try? reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])),
                    read > 0
                {
                    filled += read
                }
                return filled
            }
            if isHealthExport(head.prefix(count)) { return entry }
        }
        return nil
    }
}
