import Foundation
import Testing

@testable import VitalsStore

/// How a write's inserted samples become the spans whose cached days it invalidates.
@Suite("Written spans")
struct WrittenSpansTests {
    @Test("Samples in time order make one span per type, interleaved or not; a gap of days splits")
    func coalescing() {
        var spans = WrittenSpans<Int64>()
        for minute in 0..<1440 {
            let t = Double(minute) * 60
            spans.note(typeID: 1, start: t, end: t + 60)
            spans.note(typeID: 2, start: t + 30, end: t + 30)
        }
        spans.note(typeID: 1, start: 5 * 86_400, end: 5 * 86_400 + 60)
        let taken = spans.take().sorted { ($0.typeID, $0.lower) < ($1.typeID, $1.lower) }
        #expect(taken.map(\.typeID) == [1, 1, 2])
        #expect(taken[0].lower == 0 && taken[0].upper == 86_400)
        #expect(taken[1].lower == 5 * 86_400)
        #expect(taken[2].lower == 30 && taken[2].upper == 86_370)
        #expect(spans.take().isEmpty)
    }

    @Test("Too many scattered spans collapse into one from the earliest to the latest sample")
    func collapsing() {
        var spans = WrittenSpans<Int64>()
        let starts = (0..<(WrittenSpans<Int64>.limit + 10)).map { Double(($0 * 7919) % 5000) * 86_400 }
        for t in starts { spans.note(typeID: 3, start: t, end: t + 1) }
        let taken = spans.take()
        #expect(taken.count < 20)
        #expect(taken.map(\.lower).min() == starts.min() && taken.map(\.upper).max() == starts.max()! + 1)
        for t in starts { #expect(taken.contains { $0.lower <= t && t + 1 <= $0.upper }) }
    }
}
