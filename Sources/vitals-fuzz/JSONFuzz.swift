import Foundation
import VitalsCore

/// The JSON target, differential: the tree parser (`JSONValue.parse`) against the streaming
/// reader (`JSONStreamReader`), which must accept the same documents, refuse the rest with the
/// same message at the same place, and rebuild the same values; an accepted document must also
/// read back the same from its own `jsonText`.
enum JSONFuzz {
    static let file = "fuzz.json"

    /// Nil when the two readers agree; else how they differ.
    static func check(_ data: Data) -> String? {
        var tree: JSONValue?
        var treeError: VitalsError?
        do { tree = try JSONValue.parse(data, file: file) } catch { treeError = error }
        var skipError: VitalsError?
        do {
            try JSONStreamReader.read(data, file: file) { (stream) throws(VitalsError) in
                try stream.skipValue()
                try stream.finish()
            }
        } catch {
            skipError = error
        }
        if treeError?.message != skipError?.message || treeError?.location != skipError?.location {
            return
                "tree parser and stream reader differ: \(String(describing: treeError)) vs \(String(describing: skipError))"
        }
        if let treeError, treeError.location?.byteOffset == nil {
            return "syntax error without a byte offset: \(treeError)"
        }
        guard let tree else { return nil }
        let walked: JSONValue
        do {
            walked = try JSONStreamReader.read(data, file: file) { (stream) throws(VitalsError) in
                let value = try rebuilt(&stream)
                try stream.finish()
                return value
            }
        } catch {
            return "the stream reader skips the document but refuses to walk it: \(error)"
        }
        if walked.jsonText != tree.jsonText {
            return "walked value differs: \(walked.jsonText) vs \(tree.jsonText)"
        }
        do {
            let again = try JSONValue.parse(Data(tree.jsonText.utf8), file: file)
            if again.jsonText != tree.jsonText { return "jsonText does not read back the same: \(tree.jsonText)" }
        } catch {
            return "jsonText of an accepted document is refused: \(error), text \(tree.jsonText)"
        }
        return nil
    }

    /// The value at `stream` rebuilt through the walking calls (enter, next, read for scalars).
    static func rebuilt(_ stream: inout JSONStreamReader) throws(VitalsError) -> JSONValue {
        switch stream.nextKind {
        case .object:
            try stream.enterObject()
            var members: [(key: String, value: JSONValue)] = []
            while let key = try stream.nextMember() { members.append((key, try rebuilt(&stream))) }
            return .object(JSONValue.Object(members))
        case .array:
            try stream.enterArray()
            var elements: [JSONValue] = []
            while try stream.nextElement() { elements.append(try rebuilt(&stream)) }
            return .array(elements)
        default:
            return try stream.readValue()
        }
    }
}
