import Foundation
import Testing
import VitalsCore
import VitalsStore
import VitalsTestSupport

@testable import VitalsExport

/// CSV export: read back by Python's csv module, each type's rows are what `vitals samples --json` prints.
@Suite("Export: tidy CSV read back by Python's csv module", .mayBlock)
struct CSVExportTests {
    @Test("Rows equal the samples --json objects of the same range; daily rows are the store's merged statistics")
    func rowsEqualSamples() async throws {
        let fixture = try await ExportFixture.make()
        let zone = try TimeZone.iana("America/New_York")
        // A window inside the fixture: samples that start in 2017.
        let range = try DateRange(
            start: ISO8601.parse("2017-01-01T00:00:00-05:00")!, end: ISO8601.parse("2018-01-01T00:00:00-05:00")!)
        let types: [SampleType] = [.stepCount, .heartRate, .sleepAnalysis, .workout, .bodyMass, .oxygenSaturation]
        let out = fixture.directory.appendingPathComponent("csv")
        let directory = try ExportDirectory(url: out)
        let summary = try await Exporter.export(
            .csv, from: fixture.store,
            ExportRequest(
                range: range, types: types, zone: zone,
                pageSize: 300)
        ) {
            try directory.write($0, $1)
        }
        try directory.close()
        let files = types.flatMap { [$0.shortName + ".csv", $0.shortName + ".daily.csv"] }
            .filter { FileManager.default.fileExists(atPath: out.appendingPathComponent($0).path) }
        let read = try ExportFixture.runScript("csv_rows.py", files.map { out.appendingPathComponent($0).path })
        #expect(read.ok, "\(read.stderr)")
        let tables = try #require(
            try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: [[String: String]]])
        var compared = 0
        for type in types {
            let samples = try await fixture.store.samples(
                of: type, matching: SamplePredicate(range, options: .strictStartDate)
            ).value
            let rows = tables[type.shortName + ".csv"] ?? []
            #expect(rows.count == samples.count, "\(type.shortName)")
            #expect(summary.samples[type.identifier] ?? 0 == samples.count)
            for (row, sample) in zip(rows, samples) {
                // What `vitals samples --json` prints for the sample.
                let json = SampleJSON.object(for: sample, in: zone)
                let source = json["source"] as? [String: String]
                #expect(row["uuid"] == json["uuid"] as? String)
                #expect(row["start"] == json["start"] as? String)
                #expect(row["end"] == json["end"] as? String)
                #expect(row["source"] == source?["name"])
                #expect(row["device"] == ((json["device"] as? [String: String])?["name"] ?? ""))
                switch sample.content {
                case .quantity:
                    #expect(Double(row["value"] ?? "") == json["value"] as? Double, "\(type.shortName)")
                    #expect(row["unit"] == json["unit"] as? String)
                case .category:
                    #expect(row["value"] == CategoryValue.name(for: json["value"] as? Int ?? -1, type: type))
                case .workout:
                    let minutes = ((json["duration"] as? Double) ?? sample.duration) / 60
                    #expect(abs((Double(row["value"] ?? "") ?? -1) - minutes) < 1e-9)
                case .correlation:
                    Issue.record("no correlation was asked for")
                }
                // The sample's own zone where it names one (the export's sleep does), else the export's.
                let own = (json["metadata"] as? [String: Any])?[MetadataValue.timeZoneKey] as? String
                #expect(row["zone"] == own ?? zone.identifier)
                compared += 1
            }
        }
        #expect(compared > 1000)
        // Daily steps: the store's merged sums, one row per day with samples.
        let calendar = Calendar.gregorian(in: zone)
        let days = try await fixture.store.statistics(
            StatisticsQuery(
                type: .stepCount, range: range, interval: .day,
                calendar: calendar, options: .sum)
        ).value
            .filter { $0.sampleCount > 0 }
        let daily = try #require(tables["stepCount.daily.csv"])
        #expect(
            daily.map { $0["date"] ?? "" }
                == days.map { LocalDate(containing: $0.range.start, in: calendar).description })
        #expect(daily.map { Double($0["sum"] ?? "") } == days.map(\.sum))
        #expect(daily.allSatisfy { $0["unit"] == "count" && $0["average"] == "" })
    }

    @Test("Fields with commas, quotes and line breaks are quoted")
    func quoting() {
        #expect(CSVExporter.field("Anna's \"Watch\", 2\nnd") == "\"Anna's \"\"Watch\"\", 2\nnd\"")
        #expect(CSVExporter.field("plain") == "plain")
    }
}
