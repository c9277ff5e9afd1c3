import Foundation
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsImport

/// The cursor reads a document a chunk at a time and gives exactly what parsing it whole gives:
/// the same samples in the same order with the same UUIDs, the same skips and unreadable items.
@Suite("Health Auto Export cursor: a document a chunk at a time")
struct HealthAutoExportCursorTests {
    static let fixtures = [
        "bad_date", "heart_rate", "mindful_minutes", "missing_qty", "mixed_and_unknown", "non_object_item",
        "other_sections", "partial", "sleep_aggregated", "sleep_shapes", "sleep_unaggregated", "steps_two_sources",
        "unit_conversions", "unknown_unit", "workouts", "workouts_v1",
    ]

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.root.appendingPathComponent("hae/\(name).json"))
    }

    /// Every chunk the cursor hands out for `data`, and its report.
    static func chunks(
        _ data: Data, size: Int, parser: HealthAutoExportParser = HealthAutoExportParser()
    ) throws(VitalsError) -> (chunks: [[Sample]], report: HealthAutoExportBatch?) {
        var cursor = HealthAutoExportCursor(data, file: "inline.json", parser: parser)
        var chunks: [[Sample]] = []
        while let chunk = try cursor.next(size) { chunks.append(chunk) }
        #expect(cursor.isFinished)
        #expect(try cursor.next(size) == nil)
        return (chunks, cursor.report)
    }

    @Test("Each fixture in chunks of 1, 2, 7 and 1000 equals the whole parse", arguments: fixtures)
    func chunksEqualWhole(name: String) throws {
        let data = try Self.fixture(name)
        let whole = try HealthAutoExportParser().parse(data, file: "inline.json")
        for size in [1, 2, 7, 1000] {
            let (chunks, report) = try Self.chunks(data, size: size)
            #expect(chunks.flatMap { $0 } == whole.samples, "\(name), chunks of \(size)")
            #expect(report?.skipped == whole.skipped, "\(name), chunks of \(size)")
            #expect(report?.unreadable == whole.unreadable, "\(name), chunks of \(size)")
            // Every chunk but the last holds at least the samples asked for.
            #expect(chunks.dropLast().allSatisfy { $0.count >= size }, "\(name), chunks of \(size)")
        }
    }

    @Test("A large metric is handed out in chunks of the size asked for, items never split")
    func largeMetricInChunks() throws {
        let items = (0..<1000).map { minute in
            #"{"qty": \#(minute % 50 + 1), "date": "2024-06-01 \#(String(format: "%02d:%02d", minute / 60, minute % 60)):00 +0000", "source": "iPhone"}"#
        }
        let nights =
            #"{"name": "sleep_analysis", "units": "hr", "data": [{"date": "2024-06-02", "core": 4, "deep": 1, "rem": 1.5, "awake": 0.2, "inBed": 7, "sleepStart": "2024-06-01 23:00:00 +0000", "sleepEnd": "2024-06-02 06:42:00 +0000", "inBedStart": "2024-06-01 22:50:00 +0000", "inBedEnd": "2024-06-02 06:45:00 +0000", "source": "Watch"}]}"#
        let json =
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(items.joined(separator: ","))]}, \#(nights)]}}"#
        let data = Data(json.utf8)
        let whole = try HealthAutoExportParser().parse(data, file: "inline.json")
        #expect(whole.samples.count > 1000)
        let (chunks, _) = try Self.chunks(data, size: 300)
        #expect(chunks.map(\.count).dropLast() == [300, 300, 300])
        #expect(chunks.flatMap { $0 } == whole.samples)
    }

    @Test("A syntax error at the last byte refuses the document, at its byte, as the whole parse does")
    func syntaxErrorAtTheEnd() throws {
        var text = try String(decoding: Self.fixture("steps_two_sources"), as: UTF8.self)
        text.removeLast(2)
        let data = Data(text.utf8)
        let whole = #expect(throws: VitalsError.self) { try HealthAutoExportParser().parse(data, file: "inline.json") }
        #expect(whole?.location?.byteOffset != nil)
        #expect(whole?.message.contains("not valid JSON") == true)
        for size in [1, 1000] {
            let chunked = #expect(throws: VitalsError.self) { try Self.chunks(data, size: size) }
            #expect(chunked == whole, "chunks of \(size)")
        }
    }

    @Test("A document that is not an object, and one whose later part is wrong, say first that they are not JSON")
    func syntaxWins() throws {
        // Not an object, with a syntax error after: the syntax error is the answer.
        var cursor = HealthAutoExportCursor(Data("[1, 2,]".utf8), file: "inline.json", parser: HealthAutoExportParser())
        let error = #expect(throws: VitalsError.self) { try cursor.next(10) }
        #expect(error?.location?.byteOffset != nil)
    }

    @Test("Strict: an unreadable item in a later chunk throws the whole parse's error")
    func strictLaterItem() throws {
        let data = try Self.fixture("partial")
        let strict = HealthAutoExportParser(strict: true)
        let whole = #expect(throws: VitalsError.self) { try strict.parse(data, file: "inline.json") }
        let chunked = #expect(throws: VitalsError.self) { try Self.chunks(data, size: 1, parser: strict) }
        #expect(whole != nil && whole == chunked)
    }

    @Test("A document without data is refused by the first chunk")
    func noData() throws {
        var cursor = HealthAutoExportCursor(
            Data(#"{"metrics": []}"#.utf8), file: "inline.json", parser: HealthAutoExportParser())
        let error = #expect(throws: VitalsError.self) { try cursor.next(10) }
        #expect(error?.location?.field == "data")
        #expect(!cursor.isFinished)
    }
}
