import Foundation
import VitalsCore
import VitalsImport

/// The zip target: the importer's own zip reader (central directory, ZIP64, zlib in pull mode).
///
/// The input is written to a file (the reader reads files, as an import does) and read twice,
/// with large and with tiny buffers: both passes agree, entry by entry, and a zip refused whole
/// is refused with a `VitalsError` naming the file.
enum ZipFuzz {
    /// Nil when the invariants held; else what broke.
    ///
    /// Each check writes a file of its own, removed afterwards: checks run concurrently (the
    /// corpus and the regression tests in one test process), and one file shared by them was
    /// overwritten between a check's two passes.
    static func check(_ data: Data) -> String? {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-fuzz-zip-\(UUID().uuidString).zip").path
        guard FileManager.default.createFile(atPath: path, contents: data) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let large = outcome(of: path, bufferSize: 1 << 16)
        let small = outcome(of: path, bufferSize: 61)
        if large != small { return "64 KB and 61-byte buffers differ: \(large) vs \(small)" }
        return nil
    }

    /// A pass's result, comparable.
    enum Outcome: Equatable, CustomStringConvertible {
        case read([String: ExportZipCheck.Outcome])
        case refused(String)
        case broken(String)

        var description: String {
            switch self {
            case .read(let entries): "read \(entries.count) entries: \(entries)"
            case .refused(let text): "refused: \(text)"
            case .broken(let text): "BROKEN: \(text)"
            }
        }
    }

    private static func outcome(of path: String, bufferSize: Int) -> Outcome {
        do {
            return .read(try ExportZipCheck.read(path: path, bufferSize: bufferSize))
        } catch let error as VitalsError {
            guard error.location?.file == path else { return .broken("error without the file: \(error)") }
            return .refused(error.description)
        } catch {
            return .broken("not a VitalsError: \(error)")
        }
    }
}
