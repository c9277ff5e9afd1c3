import Foundation
import Testing
import VitalsCore

@Suite("JSONValue.jsonText")
struct JSONWritingTests {
    @Test("Scalars, arrays and objects in compact form, members in their order")
    func shapes() {
        let value = JSONValue.object(
            .init([
                ("b", .number(3)), ("a", .array([.null, .bool(true), .bool(false), .number(-2.5)])),
                ("c", .object(.init())), ("d", .array([])),
            ]))
        #expect(value.jsonText == #"{"b":3,"a":[null,true,false,-2.5],"c":{},"d":[]}"#)
    }

    @Test("Integral numbers have no fraction; others round-trip; NaN and infinities become null")
    func numbers() {
        #expect(JSONValue.number(0).jsonText == "0")
        #expect(JSONValue.number(-0.0).jsonText == "0")
        #expect(JSONValue.number(12_345).jsonText == "12345")
        #expect(JSONValue.number(9_007_199_254_740_992).jsonText == "9007199254740992")
        #expect(JSONValue.number(0.1).jsonText == "0.1")
        for number in [1e300, -1e-7, 123.456, 1.0 / 3.0] {
            #expect(Double(JSONValue.number(number).jsonText) == number)
        }
        #expect(JSONValue.number(.nan).jsonText == "null")
        #expect(JSONValue.number(-.infinity).jsonText == "null")
    }

    @Test("Strings escape quotes, backslashes and control characters, and keep other text as is")
    func strings() throws {
        let text = "a\"b\\c\nd\re\tf\u{0}g\u{1F}h/é😀"
        #expect(JSONValue.string(text).jsonText == #""a\"b\\c\nd\re\tf\u0000g\u001fh/é😀""#)
        // Another reader gets the same string back.
        let parsed =
            try JSONSerialization.jsonObject(with: Data("[\(JSONValue.string(text).jsonText)]".utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test("What it writes, Vitals' own parser reads back as the same value")
    func roundTrip() throws {
        let value = JSONValue.object(
            .init([
                ("name", .string("x \"y\"\n")), ("values", .array([.number(1), .number(2.75), .null])),
                ("nested", .object(.init([("ok", .bool(true))]))),
            ]))
        let again = try JSONValue.parse(Data(value.jsonText.utf8), file: "test")
        #expect(again.jsonText == value.jsonText)
        guard case .object(let object) = again, case .string(let name) = object["name"] else {
            Issue.record("not an object with a string name")
            return
        }
        #expect(name == "x \"y\"\n")
    }
}
