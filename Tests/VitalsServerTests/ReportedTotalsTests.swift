import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsTestSupport
import VitalsTesting

/// A period's total from the phone is that period's total (issue 38, item 2): the app's day and
/// hour totals never add to an export's samples of the same days, the latest report of a period
/// replaces the earlier ones, and the dashboard's own records still count.
@Suite("Server: reported totals")
struct ReportedTotalsTests {
    static func totals(
        _ items: [(qty: Double, date: String)], metric name: String = "step_count",
        units: String = "count", source: String = "Anna's iPhone|Anna's Apple Watch"
    ) -> String {
        let data = items.map { #"{"qty": \#($0.qty), "date": "\#($0.date)", "source": "\#(source)"}"# }
        return
            #"{"data": {"metrics": [{"name": "\#(name)", "units": "\#(units)", "data": [\#(data.joined(separator: ", "))]}]}}"#
    }

    @Test(
        "An export backfill then the app's day totals: each day counts once, the app's figure",
        arguments: Backend.allCases)
    func exportThenDayTotals(backend: Backend) async throws {
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
            // The app, aggregated by day, reports the day as Apple Health counts it: 1,180 (a walk
            // the export did not have yet). One report, not 1,030 + 1,180.
            let report = try await harness.ingest(token, Self.totals([(1180, "2024-06-01 00:00:00 +0000")]))
                .decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 1)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 1180)
            // Sent again later with the day's final figure: it replaces the earlier report.
            let later = try await harness.ingest(token, Self.totals([(1250, "2024-06-01 00:00:00 +0000")]))
                .decode(HealthService.IngestReport.self)
            #expect(later.samplesRevised == 1 && later.samplesAdded == 0)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 1250)
            // Nothing of the export is lost: its samples are kept beside the report.
            #expect(try await harness.export(token).samples.count == 4)
        }
    }

    @Test(
        "Hour totals, then a day total, then hour totals again: the latest report of each period counts",
        arguments: Backend.allCases)
    func hoursAndDays(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let hours = Self.totals([
                (300, "2025-11-15 08:00:00 +0100"), (500, "2025-11-15 09:00:00 +0100"),
                (200, "2025-11-15 14:00:00 +0100"),
            ])
            #expect(try await harness.ingest(token, hours).decode(HealthService.IngestReport.self).samplesAdded == 3)
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 1000)
            // A day total (another automation, ?aggregation=days) replaces the hours it covers.
            let day = try await harness.send(
                .post, "/api/v1/ingest/health-auto-export?aggregation=days", token: token,
                json: Self.totals([(1100, "2025-11-15 00:00:00 +0100")])
            )
            .decode(HealthService.IngestReport.self)
            #expect(day.samplesRevised == 1)
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 1100)
            #expect(try await harness.export(token).samples.count == 1)
            // The hourly automation's next run sends every hour again: they replace the day total.
            let again = Self.totals([
                (300, "2025-11-15 08:00:00 +0100"), (520, "2025-11-15 09:00:00 +0100"),
                (200, "2025-11-15 14:00:00 +0100"), (90, "2025-11-15 20:00:00 +0100"),
            ])
            #expect(try await harness.ingest(token, again).decode(HealthService.IngestReport.self).samplesRevised == 4)
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 1110)
            // A bad value for the parameter is refused, naming it.
            let bad = try await harness.send(
                .post, "/api/v1/ingest/health-auto-export?aggregation=fortnights",
                token: token, json: again)
            #expect(bad.status == .badRequest && bad.errorField == "aggregation")
        }
    }

    @Test(
        "A day total on a DST day covers its 23 hours; the dashboard's own records still count beside it",
        arguments: Backend.allCases)
    func dstDayAndOwnRecords(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            // 30 March 2025: clocks go forward, the day has 23 hours; its total stays on it.
            _ = try await harness.ingest(token, Self.totals([(7000, "2025-03-30 00:00:00 +0100")]))
            #expect(try await harness.day(token, "2025-03-30").decode(DayReport.self).steps == 7000)
            #expect(try await harness.dayIsEmpty(token, "2025-03-31"))
            let samples = try await harness.export(token).samples
            #expect(samples.map { $0.end.timeIntervalSince($0.start) } == [23 * 3600])
        }
    }
}
