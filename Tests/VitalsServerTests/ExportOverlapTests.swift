import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsTestSupport
import VitalsTesting

/// Backfill then keep current (issue 15, item 6): after an export is imported into a user, a
/// Health Auto Export payload for an overlapping day stores only what is new.
@Suite("Server: an imported export and Health Auto Export overlap")
struct ExportOverlapTests {
    static func item(_ qty: Int, _ start: String, _ end: String, source: String) -> String {
        #"{"qty": \#(qty), "startDate": "2024-06-01 \#(start) +0000", "endDate": "2024-06-01 \#(end) +0000", "source": "\#(source)"}"#
    }

    static func payload(_ items: [String]) -> String {
        #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(items.joined(separator: ", "))]}]}}"#
    }

    @Test(
        "The same measurements are stored once, the new ones are stored, the day's steps are right",
        arguments: Backend.allCases)
    func overlappingDay(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let path = try ExportText.write(
                ExportText.document(
                    [
                        ExportText.steps(400, from: "08:00:00", to: "08:10:00"),
                        ExportText.steps(600, from: "12:00:00", to: "12:10:00"),
                        ExportText.steps(30, from: "13:00:00", to: "13:01:00", source: "Anna's Apple Watch"),
                    ].joined(separator: "\n")))
            defer { ExportText.remove(path) }
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            #expect(try await service.importExport(at: path, for: ada).samplesAdded == 3)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 1030)
            let body = Self.payload([
                Self.item(400, "08:00:00", "08:10:00", source: "Anna's iPhone"),  // the same, same source
                Self.item(600, "12:00:00", "12:10:00", source: "Anna's iPhone|Anna's Apple Watch"),  // merged
                Self.item(30, "13:00:00", "13:01:00", source: "Anna's Apple Watch"),  // the same, the watch's
                Self.item(250, "18:00:00", "18:10:00", source: "Anna's iPhone"),  // new
                Self.item(400, "08:00:00", "08:10:00", source: "Bob's iPhone"),  // another device: new
            ])
            let report = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(report.samplesReceived == 5 && report.samplesAdded == 2 && report.samplesResent == 3)
            #expect(try await harness.export(token).samples.count == 5)
            // Bob's phone at 08:00 overlaps Anna's: the day counts one source per instant (Anna's iPhone
            // ranks before Bob's by name), so 400 + 600 + 30 + 250.
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 1280)
            // The same payload again adds nothing.
            let again = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(again.samplesAdded == 0)
            #expect(try await harness.export(token).samples.count == 5)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 1280)
        }
    }

    @Test("An export imported after Health Auto Export stores only what is new", arguments: Backend.allCases)
    func exportAfterHealthAutoExport(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let body = Self.payload([
                Self.item(400, "08:00:00", "08:10:00", source: "Anna's iPhone|Anna's Apple Watch"),
                Self.item(250, "18:00:00", "18:10:00", source: "Anna's iPhone"),
            ])
            #expect(try await harness.ingest(token, body).decode(HealthService.IngestReport.self).samplesAdded == 2)
            let path = try ExportText.write(
                ExportText.document(
                    [
                        ExportText.steps(400, from: "08:00:00", to: "08:10:00"),
                        ExportText.steps(250, from: "18:00:00", to: "18:10:00"),
                        ExportText.steps(600, from: "12:00:00", to: "12:10:00"),
                    ].joined(separator: "\n")))
            defer { ExportText.remove(path) }
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            let report = try await service.importExport(at: path, for: ada)
            #expect(report.samplesRead == 3 && report.samplesAdded == 1 && report.samplesResent == 2)
            #expect(try await harness.export(token).samples.count == 3)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 1250)
        }
    }

    @Test(
        "Two identical measurements in the export answer for two in the payload, not for a third",
        arguments: Backend.allCases)
    func repeatedMeasurements(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let twice = ExportText.steps(20, from: "09:00:00", to: "09:01:00")
            let path = try ExportText.write(ExportText.document([twice, twice].joined(separator: "\n")))
            defer { ExportText.remove(path) }
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            #expect(try await service.importExport(at: path, for: ada).samplesAdded == 2)
            let item = Self.item(20, "09:00:00", "09:01:00", source: "Anna's iPhone")
            let report = try await harness.ingest(token, Self.payload([item, item, item]))
                .decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 1 && report.samplesResent == 2)
            #expect(try await harness.export(token).samples.count == 3)
        }
    }
}
