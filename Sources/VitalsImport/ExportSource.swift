import Foundation
import VitalsCore
import VitalsStore
import ZIPFoundation

/// Where an Apple Health export comes from: `export.zip` (read in place, nothing extracted),
/// a bare `export.xml`, or an unzipped `apple_health_export/` folder.
///
/// The XML is found by its content (`<HealthData`), since its name may be localized
/// (`导出.xml`) or capitalised, and `export_cda.xml` sits beside it.
struct ExportSource {
    private enum Location {
        case file(URL)
        case zip(Archive, Entry)
    }

    private let location: Location
    /// The path the user gave, for messages.
    let path: String
    /// Uncompressed size of the XML in bytes.
    let size: Int64
    /// Bytes read per chunk: large enough for throughput, small enough for memory.
    static let chunkSize = 1 << 20

    /// Opens `path`, finding the export XML inside a zip or folder.
    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw VitalsError(.io, "no such file or folder", at: InputLocation(file: path))
        }
        if isDirectory.boolValue {
            guard let xml = try Self.findXML(in: url) else {
                throw VitalsError(.invalidInput, "no Apple Health export XML (<HealthData>) in this folder", at: InputLocation(file: path))
            }
            location = .file(xml)
            size = Self.fileSize(xml)
        } else if Self.looksLikeZip(url) {
            let archive: Archive
            do {
                archive = try Archive(url: url, accessMode: .read)
            } catch {
                throw VitalsError(.invalidInput, "the zip cannot be read (truncated or damaged)", at: InputLocation(file: path),
                                  underlying: SendableDescription(error))
            }
            guard let entry = Self.findXML(in: archive) else {
                throw VitalsError(.invalidInput, "no Apple Health export XML (<HealthData>) in this zip", at: InputLocation(file: path))
            }
            location = .zip(archive, entry)
            size = Int64(entry.uncompressedSize)
        } else {
            location = .file(url)
            size = Self.fileSize(url)
        }
    }

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
                throw VitalsError(.invalidInput, "the zip entry \(entry.path) cannot be read (truncated or damaged)",
                                  at: InputLocation(file: path), underlying: SendableDescription(error))
            }
        }
    }

    /// The bytes of a route file named in the XML (`/workout-routes/route_….gpx`), if present.
    func routeFile(_ reference: String) -> Data? {
        let relative = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        switch location {
        case .file(let url):
            return FileManager.default.contents(atPath: url.deletingLastPathComponent().appendingPathComponent(relative).path)
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
            candidates += names.sorted().filter { $0.lowercased().hasSuffix(".xml") }.map { level.appendingPathComponent($0) }
        }
        for url in candidates {
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            defer { try? handle.close() }
            // The DTD of an export is ~10-20 KB; the root follows it.
            if isHealthExport(handle.readData(ofLength: 256 << 10)) { return url }
        }
        return nil
    }

    private static func findXML(in archive: Archive) -> Entry? {
        struct Enough: Error {}
        for entry in archive where entry.type == .file && entry.path.lowercased().hasSuffix(".xml") {
            var head = Data()
            do {
                _ = try archive.extract(entry, bufferSize: 64 << 10, skipCRC32: true) { chunk in
                    head.append(chunk)
                    if head.count >= 256 << 10 { throw Enough() }
                }
            } catch {}
            if isHealthExport(head) { return entry }
        }
        return nil
    }
}

