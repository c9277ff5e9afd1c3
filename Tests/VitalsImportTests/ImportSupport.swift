import Foundation
import VitalsCore
import VitalsImport
import VitalsStore
import VitalsTestSupport
import ZIPFoundation

/// A temporary folder with a store, for import tests.
struct ImportWorkspace {
    let directory: URL
    let store: SQLiteHealthStore

    init() throws {
        directory = TestFolder.url("vitals-import")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = .gregorian(in: .gmt)
        store = try SQLiteHealthStore(
            path: directory.appendingPathComponent("store.sqlite").path, configuration: configuration)
    }

    func importExport(_ path: String) async throws -> ImportReport {
        try await HealthExportImporter(store: store).importExport(at: path)
    }

    /// Writes `text` to a file in the workspace.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Writes a zip with the given entries (path → contents).
    func zip(_ name: String, _ entries: [(String, String)]) throws -> String {
        let url = directory.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in entries {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url.path
    }

    /// Counts of every stored type.
    func counts() async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await store.typeSummaries().map { ($0.type.shortName, $0.count) })
    }
}
