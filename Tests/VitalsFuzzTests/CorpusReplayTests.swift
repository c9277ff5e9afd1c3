import Foundation
import Testing

@testable import vitals_fuzz

/// The fuzzers' committed inputs, replayed through the plain build's targets.
enum FuzzFiles {
    /// `Tests/Fuzz`, the corpus (`corpus/TARGET/`) and the crash reproducers (`regressions/TARGET/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The files under `Tests/Fuzz/<kind>/<target>/`, sorted; none when the folder is not there
    /// (git keeps no empty folder: a target without reproducers has none).
    static func files(_ kind: String, _ target: FuzzTarget) -> [String] {
        let folder = root.appendingPathComponent(kind).appendingPathComponent(target.rawValue).path
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return CorpusFiles.list(folder)
    }
}

@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    @Test("Every committed corpus file keeps its target's invariants", arguments: FuzzTarget.allCases)
    func corpus(_ target: FuzzTarget) throws {
        let files = FuzzFiles.files("corpus", target)
        #expect(files.count >= 5, "the \(target.rawValue) corpus is missing")
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: file), "\(file) cannot be read")
            let failure = target.check(data)
            #expect(failure == nil, "\(file): \(failure ?? "")")
        }
    }
}
