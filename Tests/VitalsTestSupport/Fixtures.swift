import Foundation

/// The test data in `Tests/Fixtures`: real exports with their licenses and provenance, Health
/// Auto Export files (see `Tests/Fixtures/README.md`).
public enum Fixtures {
    /// The folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The file or folder at `relative` (`hae/partial.json`).
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The path of the file or folder at `relative`.
    public static func path(_ relative: String) -> String { url(relative).path }
}
