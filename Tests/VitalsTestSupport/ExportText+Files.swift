import Foundation
import VitalsTesting

/// Exports in this repository's fixtures and in the tests' temporary folders.
extension ExportText {
    /// The real export at `Tests/Fixtures/relative` in this repository.
    public static func fixture(_ relative: String) -> String { Fixtures.path(relative) }

    /// Writes `text` to a new temporary file; returns its path.
    public static func write(_ text: String, name: String = "export.xml") throws -> String {
        let folder = TestFolder.url("vitals-export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Removes a file `write` made, with its folder.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}
