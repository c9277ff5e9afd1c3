import Foundation
import VitalsCore
import VitalsImport

/// The export XML target: the scanner and document handler, fed whole and in 7-byte chunks.
enum XMLFuzz {
    /// Chunk size of the second pass: small and odd, so that tags, attributes and the DTD split everywhere.
    static let smallChunk = 7

    /// Nil when both passes agree and any error is a located `VitalsError`; else what differed.
    static func check(_ data: Data) -> String? {
        let whole = outcome { try ExportXMLCheck.read(data) }
        let split = outcome { try ExportXMLCheck.read(data, chunkSize: smallChunk) }
        if whole != split {
            return "whole and \(smallChunk)-byte chunks differ: \(whole) vs \(split)"
        }
        return nil
    }

    /// A pass's result, comparable: the summary, or the error's text.
    enum Outcome: Equatable, CustomStringConvertible {
        case read(ExportXMLCheck.Summary)
        case refused(String)
        case broken(String)

        var description: String {
            switch self {
            case .read(let summary): "read \(summary.items) items, \(summary.elements)"
            case .refused(let text): "refused: \(text)"
            case .broken(let text): "BROKEN: \(text)"
            }
        }
    }

    private static func outcome(_ body: () throws -> ExportXMLCheck.Summary) -> Outcome {
        do {
            return .read(try body())
        } catch let error as VitalsError {
            guard error.location?.byteOffset != nil else { return .broken("error without a byte offset: \(error)") }
            return .refused(error.description)
        } catch {
            return .broken("not a VitalsError: \(error)")
        }
    }
}
