import Foundation
import VitalsCore

/// The JSON Lines target: `SampleJSON.decodeLines`, as `vitals add --jsonl` reads a file.
///
/// Errors name the file and line; each decoded sample, written back as a line
/// (`SampleJSON.line(for:in:)`), decodes to a sample that writes the same line.
enum JSONLinesFuzz {
    static let file = "fuzz.jsonl"
    static let zone = TimeZone(identifier: "UTC") ?? .current

    /// Nil when the invariants held; else what broke.
    static func check(_ data: Data) -> String? {
        let samples: [Sample]
        do {
            samples = try SampleJSON.decodeLines(data, file: file)
        } catch {
            if error.location?.file != file || error.location?.line == nil {
                return "an error without file and line: \(error)"
            }
            return nil
        }
        for sample in samples {
            let line = SampleJSON.line(for: sample, in: zone)
            do {
                let again = try SampleJSON.decode(line: Data(line.utf8)).validated()
                let lineAgain = SampleJSON.line(for: again, in: zone)
                if lineAgain != line { return "a sample does not survive a round trip: \(line) became \(lineAgain)" }
            } catch {
                return "a decoded sample's own line is refused: \(error), line \(line)"
            }
        }
        return nil
    }
}
