import Foundation
import Testing
import VitalsCore

/// The arrival rule's verdicts over plain values (issue 38, item 1).
@Suite("Arrival rule")
struct ArrivalRuleTests {
    static let start = Date(timeIntervalSince1970: 1_763_251_200)

    static func steps(_ value: Double, _ source: String, id: Int, at offset: TimeInterval = 0) -> ArrivalRule.Arrival {
        ArrivalRule.Arrival(
            uuid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(id))),
            type: "HKQuantityTypeIdentifierStepCount", start: start.addingTimeInterval(offset),
            end: start.addingTimeInterval(offset), value: value, source: source)
    }

    @Test("Another value for a stored measurement is a revision; the same one again is re-sent or stored")
    func verdicts() {
        let stored = [Self.steps(3000, "iPhone", id: 1), Self.steps(200, "Watch", id: 2, at: 60)]
        let batch = [
            Self.steps(8000, "iPhone", id: 3),  // a new value: replaces 1
            Self.steps(200, "Watch|iPhone", id: 4, at: 60),  // 2 under a merged string, and 2 itself below: re-sent
            Self.steps(200, "Watch", id: 2, at: 60),  // 2 itself again
            Self.steps(50, "Bob's iPhone", id: 5),  // another device: new
        ]
        let judgement = ArrivalRule.judge(batch, against: stored)
        #expect(judgement.verdicts == [.revision, .resent, .store, .store])
        #expect(judgement.replaced == [stored[0].uuid])
        // Sent under the merged string alone, the stored sample is restated: replaced by it.
        let restated = ArrivalRule.judge([Self.steps(200, "Watch|iPhone", id: 4, at: 60)], against: stored)
        #expect(restated.verdicts == [.restated] && restated.replaced == [stored[1].uuid])
        // Within one batch the same value under another string is dropped.
        let twice = ArrivalRule.judge(
            [Self.steps(5, "iPhone", id: 7), Self.steps(5, "iPhone|Watch", id: 8)], against: [])
        #expect(twice.verdicts == [.store, .resent])
    }

    @Test("A merged source string revises every device it names; the batch's own samples are never revised")
    func mergedAndBatch() {
        let stored = [Self.steps(300, "iPhone", id: 1), Self.steps(420, "Watch", id: 2), Self.steps(9, "Ring", id: 3)]
        let merged = ArrivalRule.judge([Self.steps(460, "Watch|iPhone", id: 4)], against: stored)
        #expect(merged.verdicts == [.revision])
        #expect(Set(merged.replaced) == [stored[0].uuid, stored[1].uuid])
        // Two values for one period in one batch are both stored, and an earlier chunk's are the batch's.
        let two = ArrivalRule.judge([Self.steps(1, "iPhone", id: 5), Self.steps(2, "iPhone", id: 6)], against: [])
        #expect(two.verdicts == [.store, .store] && two.replaced.isEmpty)
        let earlier = [Self.steps(1, "iPhone", id: 5)]
        let chunk = ArrivalRule.judge(
            [Self.steps(2, "iPhone", id: 6)], against: earlier,
            earlier: [ArrivalRule.bits(of: earlier[0].uuid)])
        #expect(chunk.verdicts == [.store] && chunk.replaced.isEmpty)
    }

    @Test("A replaced sample does not make a later arrival of its value re-sent")
    func replacedIsGone() {
        let stored = [Self.steps(100, "iPhone", id: 1)]
        let judgement = ArrivalRule.judge(
            [Self.steps(120, "iPhone", id: 2), Self.steps(100, "iPhone|Watch", id: 3)],
            against: stored)
        #expect(judgement.verdicts == [.revision, .store])
    }

    @Test("Sources: parts between | name devices; the empty source is one source")
    func devices() {
        let judgement = ArrivalRule.judge(
            [Self.steps(5, "", id: 2), Self.steps(7, " Watch |", id: 3)],
            against: [Self.steps(4, "", id: 1), Self.steps(6, "Watch", id: 4)])
        #expect(judgement.verdicts == [.revision, .revision])
    }

    @Test(
        "Spans: each type's first and last start over interleaved runs, a report's from a day before its start to its end"
    )
    func spans() {
        let night = ArrivalRule.Arrival(
            uuid: UUID(), type: "HKCategoryTypeIdentifierSleepAnalysis", start: Self.start.addingTimeInterval(100),
            end: Self.start.addingTimeInterval(3_700), value: 1, source: "Watch", replacesOverlapping: true)
        var heartRate = Self.steps(60, "Watch", id: 9, at: 50)
        heartRate.type = "HKQuantityTypeIdentifierHeartRate"
        let batch = [
            Self.steps(1, "iPhone", id: 1, at: 600), Self.steps(2, "iPhone", id: 2, at: 300), heartRate, night,
            Self.steps(3, "iPhone", id: 3, at: 900), Self.steps(4, "iPhone", id: 4, at: -60),
        ]
        let spans = ArrivalRule.spans(of: batch)
        #expect(spans.map(\.type) == [night.type, heartRate.type, batch[0].type])
        #expect(
            spans[0].first == night.start.addingTimeInterval(-ArrivalRule.reportLookback) && spans[0].last == night.end)
        #expect(spans[1].first == heartRate.start && spans[1].last == heartRate.start)
        #expect(
            spans[2].first == Self.start.addingTimeInterval(-60) && spans[2].last == Self.start.addingTimeInterval(900))
    }
}
