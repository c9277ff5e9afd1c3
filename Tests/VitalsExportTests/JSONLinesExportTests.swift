import Foundation
import Testing
import VitalsCore
import VitalsExport
import VitalsStore

/// JSON Lines export: the round-trip format, read back by what `vitals add --jsonl` runs.
@Suite("Export: JSON Lines round trip")
struct JSONLinesExportTests {
    /// The JSON Lines export of `store`, as text.
    static func export(_ store: SQLiteHealthStore, range: DateRange) async throws -> (String, ExportSummary) {
        var text: [UInt8] = []
        let summary = try await Exporter.export(
            .jsonl, from: store, ExportRequest(range: range, zone: .gmt, pageSize: 700)
        ) {
            #expect($0 == JSONLinesExporter.file)
            text += $1
        }
        return (String(decoding: text, as: UTF8.self), summary)
    }

    @Test("Read back into an empty store, every sample is added once and exports to the same bytes")
    func roundTrip() async throws {
        let fixture = try await ExportFixture.make()
        let (first, summary) = try await Self.export(fixture.store, range: fixture.range)
        let samples = try SampleJSON.decodeLines(Data(first.utf8), file: "samples.jsonl")
        let copy = try SQLiteHealthStore(path: fixture.directory.appendingPathComponent("copy.sqlite").path)
        let saved = try await copy.save(samples, duplicates: .fail)
        // Members of correlations and workouts count as added too; none is met twice.
        #expect(saved.alreadyPresent == 0 && saved.added >= samples.count)
        let (second, _) = try await Self.export(copy, range: fixture.range)
        #expect(second == first)
        // Every type's samples are there, members of correlations and workouts among them.
        for type in SampleType.all where type.kind != .characteristic {
            let predicate = SamplePredicate(fixture.range, options: .strictStartDate)
            let original = try await fixture.store.samples(of: type, matching: predicate).value.map(\.uuid)
            let restored = try await copy.samples(of: type, matching: predicate).value.map(\.uuid)
            #expect(Set(restored) == Set(original), "\(type.shortName)")
        }
        #expect(summary.sampleCount == samples.count)
    }
}
