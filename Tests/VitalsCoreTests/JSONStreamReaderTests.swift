import Foundation
import Testing

@testable import VitalsCore

@Suite("JSON stream reader")
struct JSONStreamReaderTests {
    /// Documents, valid and not, that the tree parser and the stream reader must agree on.
    static let documents: [String] = [
        #"{"data": {"metrics": [{"name": "a", "data": [{"qty": 1}, {"qty": 2}]}]}}"#,
        "{\"data\": {\n  \"metrics\": [1,]\n}}",
        #"{"data": {"metrics": [01]}}"#,
        "{\"data\": \"a\tb\"}",
        #"{"data": "\ud800"}"#,
        #"{"data": tru}"#,
        #"{"data": {}} x"#,
        #"{"data": [1.]}"#,
        #"{"data": [-]}"#,
        #"{"data": {"metrics": [{"data": [{"qty": 600.0 "date": "x"}]}]}}"#,
        #"{"a" 1}"#,
        #"{"a": 1,}"#,
        #"{1: 2}"#,
        #"[1, [2, {"b": [3, 4}]]"#,
        #"{"a": [1, 2"#,
        #"{"a": {"b": {"c": [true, false, null, "x\n", -1.5e3]}}}"#,
        String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
        "\u{FEFF}{\"bom\": 1}",
        // Skipping scans plain JSON without building it and leaves the rest to the reader:
        // escapes, non-ASCII, and errors deep inside otherwise plain values.
        #"{"a": [1, 2, {"b": "caf\u00e9 \"x\""}], "c": "é", "d": [true, false, null]}"#,
        "{\"a\": [1, {\"b\": [2, 3, \"x\u{01}\"]}]}",
        #"{"a": [1, {"b": [true, fals]}]}"#,
        #"{"a": {"b": nul}}"#,
        #"{"a": [1e+]}"#,
        #"{"a": [-0, 0.5e-3, 2E7, "\q"]}"#,
        #"{"a": [{"b": 1} {"c": 2}]}"#,
        #"{"a": [{"b": 1}, {"c" 2}]}"#,
        String(repeating: "[", count: 129) + String(repeating: "]", count: 129),
        String(repeating: "[", count: 128) + String(repeating: "]", count: 128),
        "",
        "   ",
    ]

    /// The document walked with the stream reader, every value skipped: its syntax error, if any.
    func streamError(_ text: String) -> VitalsError? {
        do {
            try JSONStreamReader.read(Data(text.utf8), file: "d.json") { (stream) throws(VitalsError) in
                try stream.skipValue()
                try stream.finish()
            }
            return nil
        } catch {
            return error
        }
    }

    /// The document rebuilt through the walking calls (enter, next, read for scalars).
    func rebuilt(_ stream: inout JSONStreamReader) throws(VitalsError) -> JSONValue {
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

    @Test(
        "Skipping a document finds exactly the syntax error the tree parser finds, at the same line, byte and path",
        arguments: documents)
    func sameErrors(_ text: String) {
        var treeError: VitalsError?
        do { _ = try JSONValue.parse(Data(text.utf8), file: "d.json") } catch { treeError = error }
        let streamError = streamError(text)
        #expect(streamError?.location == treeError?.location)
        #expect(streamError?.message == treeError?.message)
        #expect(streamError?.location?.byteOffset != nil || streamError == nil)
    }

    @Test("Walking member by member and element by element rebuilds the same value", arguments: documents)
    func rebuildsValues(_ text: String) throws {
        guard let tree = try? JSONValue.parse(Data(text.utf8), file: "d.json") else { return }
        let walked = try JSONStreamReader.read(Data(text.utf8), file: "d.json") { (stream) throws(VitalsError) in
            let value = try rebuilt(&stream)
            try stream.finish()
            return value
        }
        #expect(walked.jsonText == tree.jsonText)
    }

    @Test("A copy reads on independently, and the path names where the reader is")
    func copiesAndPaths() throws {
        let text = #"{"data": {"metrics": [{"name": "a"}, {"name": "b", "data": [10, 20, 30]}]}}"#
        try JSONStreamReader.read(Data(text.utf8), file: "d.json") { (stream) throws(VitalsError) in
            try stream.enterObject()
            #expect(try stream.nextMember() == "data")
            try stream.enterObject()
            #expect(try stream.nextMember() == "metrics")
            try stream.enterArray()
            #expect(try stream.nextElement())
            try stream.skipValue()
            #expect(try stream.nextElement())
            try stream.enterObject()
            #expect(try stream.nextMember() == "name")
            #expect(try stream.readValue().jsonText == #""b""#)
            #expect(try stream.nextMember() == "data")
            #expect(stream.currentPath == "data.metrics[1].data")
            var copy = stream
            try stream.skipValue()
            #expect(try stream.nextMember() == nil)
            try copy.enterArray()
            var numbers: [String] = []
            while try copy.nextElement() { numbers.append(try copy.readValue().jsonText) }
            #expect(numbers == ["10", "20", "30"])
            #expect(try stream.nextElement() == false)
            #expect(try stream.nextMember() == nil)
            #expect(try stream.nextMember() == nil)
            try stream.finish()
        }
    }
}
