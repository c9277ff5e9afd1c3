import Foundation
import Logging
import Testing

@testable import VitalsServer

@Suite("TextLogHandler")
struct TextLogHandlerTests {
    @Test("A line has swift-log's stream layout: time, level, label, sorted metadata, source, message")
    func layout() {
        let line = TextLogHandler.line(
            time: Date(timeIntervalSince1970: 0), level: .warning, label: "vitals.server",
            metadata: ["zeta": "1", "alpha": "two"], source: "VitalsServer",
            message: "database slow")
        let pattern =
            #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4} warning vitals.server: alpha=two zeta=1 \[VitalsServer\] database slow\n$/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        let bare = TextLogHandler.line(time: Date(), level: .info, label: "", metadata: [:], source: "S", message: "m")
        #expect(bare.hasSuffix(" info: [S] m\n"))
    }

    @Test("Metadata set on a logger is kept per logger, as values")
    func metadataIsAValue() {
        var first = Logger(label: "a") { TextLogHandler(label: $0) }
        first[metadataKey: "hb.request.id"] = "1"
        var second = first
        second[metadataKey: "hb.request.id"] = "2"
        second[metadataKey: "extra"] = "x"
        #expect(first[metadataKey: "hb.request.id"] == "1")
        #expect(first[metadataKey: "extra"] == nil)
        #expect(second[metadataKey: "hb.request.id"] == "2")
        #expect(first.handler.metadata.count == 1)
    }
}
