import Foundation
import Testing
import VitalsCore
import VitalsInsights

@testable import VitalsStore

@Suite("JSON Lines")
struct JSONLinesTests {
    @Test("Samples printed as JSON Lines read back identically")
    func roundTrip() async throws {
        let temp = try TemporaryStore()
        let calendar = Calendar.gregorian(in: .gmt)
        _ = try await DemoData.populate(temp.store, weeks: 1, calendar: calendar)
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        var originals: [Sample] = []
        var lines: [String] = []
        for type in [
            SampleType.stepCount, .sleepAnalysis, .workout, .mindfulSession, .numberOfAlcoholicBeverages, .bodyMass,
        ] {
            let samples = try await temp.store.samples(of: type).value
            #expect(!samples.isEmpty, "\(type.shortName)")
            originals += samples
            lines += samples.map { SampleJSON.line(for: $0, in: zone) }
        }
        let decoded = try SampleJSON.decodeLines(Data(lines.joined(separator: "\n").utf8), file: "round.jsonl")
        #expect(decoded == originals)
        let copy = try TemporaryStore()
        // Workouts bring their associated energy samples, which are also listed on their own lines.
        let summary = try await copy.store.save(decoded, duplicates: .skip)
        let associated = decoded.reduce(0) { $0 + ($1.workout?.associatedSamples.count ?? 0) }
        #expect(associated > 0)
        #expect(summary.added == decoded.count + associated)
        #expect(try await copy.store.samples(of: .workout).value == (try await temp.store.samples(of: .workout).value))
    }

    @Test("A bad line names the file, line and field, and nothing of the batch is stored")
    func badBatch() async throws {
        let good =
            #"{"type":"stepCount","value":10,"unit":"count","start":"2025-10-01T08:00:00Z","end":"2025-10-01T08:10:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#
        let cases: [(String, String, VitalsError.Code)] = [
            (
                #"{"type":"stepCount","value":10,"unit":"furlongs","start":"2025-10-01T08:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "unit", .invalidUnit
            ),
            (
                #"{"type":"stepCount","value":10,"unit":"kg","start":"2025-10-01T08:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "unit", .incompatibleUnit
            ),
            (
                #"{"type":"stepCount","value":10,"unit":"count","start":"2025-10-01T08:00:00Z","end":"2025-10-01T07:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "end", .invalidDateRange
            ),
            (
                #"{"type":"stepCount","value":-3,"unit":"count","start":"2025-10-01T08:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "value", .invalidValue
            ),
            (
                #"{"type":"stepCount","value":"NaN","unit":"count","start":"2025-10-01T08:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "value", .invalidInput
            ),
            (
                #"{"type":"stepCount","value":10,"unit":"count","start":"yesterday","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "start", .invalidDate
            ),
            (
                #"{"type":"stepCount","value":10,"unit":"count","start":"2025-10-01T08:00:00Z","source":{"name":"A"}}"#,
                "source.bundleIdentifier", .invalidInput
            ),
            (
                #"{"type":"sleepAnalysis","value":"dreaming","start":"2025-10-01T08:00:00Z","end":"2025-10-01T09:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#,
                "value", .invalidValue
            ),
            (
                #"{"type":"bloodPressure","start":"2025-10-01T08:00:00Z","source":{"name":"A","bundleIdentifier":"a"},"members":[{"type":"bloodPressureSystolic","value":120,"unit":"kg","start":"2025-10-01T08:00:00Z","source":{"name":"A","bundleIdentifier":"a"}}]}"#,
                "members[0].unit", .incompatibleUnit
            ),
            (#"{"type":"stepCount","value":10"#, "", .invalidInput),
        ]
        let temp = try TemporaryStore()
        try await temp.store.save(.quantity(.stepCount, 1, .count, start: date("2025-09-01T08:00:00Z"), source: iPhone))
        for (bad, field, code) in cases {
            let text = [good, "", bad, good].joined(separator: "\n")
            do {
                let samples = try SampleJSON.decodeLines(Data(text.utf8), file: "in.jsonl")
                _ = try await temp.store.save(samples)
                Issue.record("expected \(code) for \(bad)")
            } catch let error as VitalsError {
                #expect(error.code == code, "\(bad)")
                #expect(error.location?.file == "in.jsonl")
                #expect(error.location?.line == 3)
                #expect((error.location?.field ?? "") == field, "\(error)")
                #expect(!error.description.contains("-3") && !error.description.contains("120"))
            }
        }
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
    }
}
