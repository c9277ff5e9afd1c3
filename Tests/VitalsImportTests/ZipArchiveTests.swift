import Foundation
import Testing
import VitalsCore
import VitalsTestSupport
import VitalsTesting
import ZIPFoundation

@testable import VitalsImport

/// The pull reader of `export.zip`: its own central directory, ZIP64 and zlib inflate, checked
/// against zips written by ZIPFoundation and byte by byte.
@Suite("Zip reader: stored, deflated and ZIP64 entries read in pull mode; damage named by byte")
struct ZipArchiveTests {
    /// Text that deflates well but not trivially: a few thousand export-like lines.
    static let text = (0..<4_000).map { "<Record type=\"steps\" value=\"\($0 * 7 % 1013)\" index=\"\($0)\"/>" }
        .joined(separator: "\n")

    /// Writes a zip with ZIPFoundation: one deflated and one stored entry, and a folder.
    private func writtenByZIPFoundation(in workspace: ImportWorkspace) throws -> String {
        let url = workspace.directory.appendingPathComponent("two.zip")
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(with: "folder/", type: .directory, uncompressedSize: Int64(0)) { _, _ in Data() }
        for (name, method) in [("folder/deflated.xml", CompressionMethod.deflate), ("stored.txt", .none)] {
            let data = Data(Self.text.utf8)
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return url.path
    }

    /// Reads `entry` whole with buffers of `size` bytes.
    private func read(_ entry: ZipArchive.Entry, of archive: ZipArchive, bufferSize size: Int) throws -> [UInt8] {
        let reader = try archive.reader(for: entry)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }

    @Test("Stored and deflated entries read back exactly, whatever the size of the buffer asked for")
    func entries() throws {
        let workspace = try ImportWorkspace()
        let path = try writtenByZIPFoundation(in: workspace)
        let archive = try ZipArchive(url: URL(fileURLWithPath: path), path: path)
        #expect(archive.entries.map(\.path) == ["folder/", "folder/deflated.xml", "stored.txt"])
        #expect(archive.entries.map(\.isDirectory) == [true, false, false])
        let deflated = try #require(archive["folder/deflated.xml"])
        let stored = try #require(archive["stored.txt"])
        #expect(deflated.method == 8 && stored.method == 0)
        #expect(deflated.compressedSize < deflated.uncompressedSize / 3, "the text is deflated")
        for size in [1, 7, 4_096, 1 << 20] {
            #expect(try read(deflated, of: archive, bufferSize: size) == Array(Self.text.utf8), "buffer \(size)")
            #expect(try read(stored, of: archive, bufferSize: size) == Array(Self.text.utf8), "buffer \(size)")
        }
        #expect(try archive.contents(of: deflated) == Data(Self.text.utf8))
        #expect(archive["missing.xml"] == nil)
    }

    @Test("ZIP64: sizes and offsets come from the extra fields and the 64-bit end record; a comment is skipped")
    func zip64() throws {
        let workspace = try ImportWorkspace()
        for zip64 in [false, true] {
            let zip = HandZip(
                entries: [
                    .init(name: "a/导出.xml", data: Array(Self.text.utf8)),
                    .init(name: "b.txt", data: Array("second".utf8)),
                ], zip64: zip64, comment: "made by hand")
            let url = workspace.directory.appendingPathComponent("hand-\(zip64).zip")
            try Data(zip.bytes()).write(to: url)
            let archive = try ZipArchive(url: url, path: url.path)
            #expect(archive.entries.map(\.path) == ["a/导出.xml", "b.txt"])
            let first = try #require(archive["a/导出.xml"])
            #expect(first.uncompressedSize == Int64(Self.text.utf8.count) && first.localHeaderOffset == 0)
            #expect(try read(first, of: archive, bufferSize: 1_000) == Array(Self.text.utf8))
            let second = try #require(archive["b.txt"])
            #expect(second.localHeaderOffset > 0)
            #expect(try archive.contents(of: second) == Data("second".utf8))
        }
    }

    @Test("An export inside a ZIP64 zip imports as the same export unzipped")
    func zip64Export() async throws {
        let workspace = try ImportWorkspace()
        let xml = ExportText.version12Document(
            (0..<30).map { ExportText.steps($0 + 1, at: $0) }.joined(separator: "\n"))
        let zip = HandZip(entries: [.init(name: "apple_health_export/export.xml", data: Array(xml.utf8))], zip64: true)
        let url = workspace.directory.appendingPathComponent("export.zip")
        try Data(zip.bytes()).write(to: url)
        let report = try await workspace.importExport(url.path)
        #expect(report.added == 30)
        #expect(report.bytes == Int64(xml.utf8.count))

        let bare = try ImportWorkspace()
        let plain = try await bare.importExport(try bare.write("export.xml", xml))
        #expect(try await workspace.counts() == (try await bare.counts()))
        #expect(plain.added == 30)
    }

    @Test("A damaged entry fails naming its checksum or data and the byte of the zip; nothing is handed out past it")
    func damaged() throws {
        let workspace = try ImportWorkspace()
        // Stored: a changed byte is found by the CRC-32 at the end.
        var stored = HandZip(entries: [.init(name: "export.xml", data: Array(Self.text.utf8))]).bytes()
        stored[100] ^= 0x20
        let storedURL = workspace.directory.appendingPathComponent("stored.zip")
        try Data(stored).write(to: storedURL)
        let storedArchive = try ZipArchive(url: storedURL, path: "stored.zip")
        let crcError = #expect(throws: VitalsError.self) {
            _ = try read(storedArchive.entries[0], of: storedArchive, bufferSize: 512)
        }
        #expect(crcError?.code == .invalidInput && crcError?.message.contains("CRC-32") == true)
        #expect(crcError?.location?.file == "stored.zip" && crcError?.location?.byteOffset != nil)

        // Deflated: garbage in the middle of the deflate stream.
        let path = try writtenByZIPFoundation(in: workspace)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let archive = try ZipArchive(url: URL(fileURLWithPath: path), path: path)
        let entry = try #require(archive["folder/deflated.xml"])
        let start = Int(entry.localHeaderOffset) + 30 + entry.path.utf8.count
        for index in start + 20..<start + 60 { bytes[index] = 0xFF }
        let damagedURL = workspace.directory.appendingPathComponent("damaged.zip")
        try Data(bytes).write(to: damagedURL)
        let damaged = try ZipArchive(url: damagedURL, path: "damaged.zip")
        let inflateError = #expect(throws: VitalsError.self) {
            _ = try read(try #require(damaged["folder/deflated.xml"]), of: damaged, bufferSize: 4_096)
        }
        #expect(inflateError?.code == .invalidInput && inflateError?.message.contains("folder/deflated.xml") == true)
        #expect(inflateError?.location?.byteOffset.map { $0 >= Int64(start) } == true)
    }

    @Test("A truncated zip, a file that is no zip, an encrypted entry and another method are refused by name")
    func refused() throws {
        let workspace = try ImportWorkspace()
        let whole = HandZip(entries: [.init(name: "export.xml", data: Array(Self.text.utf8))]).bytes()
        let cut = workspace.directory.appendingPathComponent("cut.zip")
        try Data(whole.prefix(whole.count / 2)).write(to: cut)
        let cutError = #expect(throws: VitalsError.self) { try ZipArchive(url: cut, path: "cut.zip") }
        #expect(cutError?.code == .invalidInput && cutError?.message.contains("truncated") == true)
        #expect(cutError?.location?.file == "cut.zip")

        let short = workspace.directory.appendingPathComponent("short.zip")
        try Data([0x50, 0x4B, 0x03, 0x04]).write(to: short)
        #expect(throws: VitalsError.self) { try ZipArchive(url: short, path: "short.zip") }

        for (flags, method, words) in [(UInt16(0x0801), UInt16(0), "encrypted"), (0x0800, 12, "method 12")] {
            let zip = HandZip(entries: [.init(name: "x.xml", data: [1, 2, 3], method: method, flags: flags)])
            let url = workspace.directory.appendingPathComponent("odd.zip")
            try Data(zip.bytes()).write(to: url)
            let archive = try ZipArchive(url: url, path: "odd.zip")
            let error = #expect(throws: VitalsError.self) { try archive.reader(for: archive.entries[0]) }
            #expect(error?.message.contains(words) == true && error?.message.contains("x.xml") == true)
        }
    }
}
