import Foundation
import Testing
import VitalsCore

@testable import VitalsImport

/// The key writer spells what `Double.description` and string interpolation spelled before it:
/// a key that changed would give a re-sent document's samples new UUIDs.
@Suite("Health Auto Export key writer")
struct HealthAutoExportKeyWriterTests {
    /// The key as the interpolation before the writer built it.
    func expected(_ type: SampleType, _ start: Date, _ end: Date, value: String, source: String?) -> String {
        "hae1|\(type.identifier)|\(HealthAutoExportDraft.milliseconds(start))|"
            + "\(HealthAutoExportDraft.milliseconds(end))|\(value)|\(source ?? "")"
    }

    func written(_ value: Double?) -> String {
        var writer = HealthAutoExportKeyWriter()
        writer.start(.stepCount, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0))
        writer.number(value)
        let key = writer.finish(source: nil)
        return String(key.dropFirst("hae1|HKQuantityTypeIdentifierStepCount|0|0|".count).dropLast())
    }

    @Test("Numbers as Double.description spells them, at the edges of whole-number writing")
    func edges() {
        let twoTo53 = 9_007_199_254_740_992.0
        let values: [Double] = [
            0, -0.0, 1, -1, 72, 0.5, -0.5, 100.25, 1e-5, 1e15, 1e16, -1e16, 1.5e300, 5e-324,
            twoTo53, twoTo53 - 1, -(twoTo53 - 1), -twoTo53, twoTo53 * 2, 123_456_789_012_345_678,
            .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNormalMagnitude,
            Double(Int64.max), Double(Int64.min),
        ]
        for value in values {
            #expect(written(value) == value.description, "\(value)")
        }
        #expect(written(nil) == "-")
    }

    @Test("Numbers as Double.description spells them, for 200,000 random ones")
    func random() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: generator.next())
            case 1: value = Double(Int64.random(in: -1_000_000...1_000_000, using: &generator))
            case 2: value = Double(Int64.random(in: Int64.min...Int64.max, using: &generator) >> Int.random(in: 0...63))
            default: value = (Double.random(in: -10_000...10_000, using: &generator) * 100).rounded() / 100
            }
            let text = written(value)
            if text != value.description {
                Issue.record("\(value.bitPattern): wrote \(text), expected \(value.description)")
                return
            }
        }
    }

    @Test("A whole key: type, instants in milliseconds, value parts, source (empty for none, non-ASCII as sent)")
    func wholeKey() {
        let start = Date(timeIntervalSince1970: 1_704_096_000.123_4)
        let end = Date(timeIntervalSince1970: -86_400.5)
        var writer = HealthAutoExportKeyWriter()
        for source in ["Anna’s Apple Watch|Anna’s iPhone", "", nil] {
            writer.start(.heartRate, start, end)
            writer.number(62.5)
            writer.text("/")
            writer.number(nil)
            writer.text("/")
            writer.number(90)
            writer.text(" count/min")
            #expect(
                writer.finish(source: source)
                    == expected(.heartRate, start, end, value: "62.5/-/90.0 count/min", source: source))
        }
        let far = Date(timeIntervalSince1970: 1e300)
        writer.start(.stepCount, far, far)
        writer.text("1")
        #expect(writer.finish(source: "x") == expected(.stepCount, far, far, value: "1", source: "x"))
    }
}
