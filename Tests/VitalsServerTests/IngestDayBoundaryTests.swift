import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// Which days an ingested batch touches: daylight saving days, samples ending at midnight,
/// samples no daily metric reads, and batches larger than one database statement.
@Suite("Server: ingest day boundaries")
struct IngestDayBoundaryTests {
    typealias Ingest = IngestEndpointTests

    @Test(
        "A night across the end of daylight saving time counts on the day it ends on, 9 hours in all",
        arguments: Backend.allCases)
    func daylightSavingNight(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            // 22:00 PDT on 1 November to 06:00 PST on 2 November: clocks go back at 02:00.
            let night = Ingest.document(metrics: [
                Ingest.metric(
                    "sleep_analysis", "hr",
                    [
                        Ingest.stage("Asleep", "2025-11-01 22:00:00 -0700", "2025-11-02 06:00:00 -0800", "Watch")
                    ])
            ])
            let report = try await harness.ingest(token, night).decode(HealthService.IngestReport.self)
            #expect(report.daysUpdated.map(\.description) == ["2025-11-02"])
            #expect(try await harness.dayIsEmpty(token, "2025-11-01"))
            #expect(try await harness.day(token, "2025-11-02").decode(DayReport.self).sleepMinutes == 540)
        }
    }

    @Test("A sample ending exactly at midnight does not touch the next day", arguments: Backend.allCases)
    func endingAtMidnight(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let late = Ingest.document(metrics: [
                Ingest.metric(
                    "step_count", "count",
                    [
                        Ingest.period(321, "2025-11-14 23:00:00 -0800", "2025-11-15 00:00:00 -0800", "Watch")
                    ])
            ])
            let report = try await harness.ingest(token, late).decode(HealthService.IngestReport.self)
            #expect(report.daysUpdated.map(\.description) == ["2025-11-14"])
            #expect(try await harness.day(token, "2025-11-14").decode(DayReport.self).steps == 321)
            #expect(try await harness.dayIsEmpty(token, "2025-11-15"))
            #expect(try await harness.export(token).snapshots.count == 1)
        }
    }

    @Test("Samples no daily metric reads are stored but make no empty snapshot", arguments: Backend.allCases)
    func samplesWithoutMetrics(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "America/Los_Angeles")
            let pulse = Ingest.document(metrics: [
                Ingest.metric(
                    "heart_rate", "count/min",
                    [
                        #"{"Min": 60, "Avg": 72, "Max": 90, "date": "2025-11-15 08:00:00 -0800", "source": "Watch"}"#,
                        #"{"Min": 61, "Avg": 75, "Max": 95, "date": "2025-11-15 09:00:00 -0800", "source": "Watch"}"#,
                    ])
            ])
            let report = try await harness.ingest(token, pulse).decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 2)
            #expect(report.daysUpdated.isEmpty)
            #expect(try await harness.dayIsEmpty(token, "2025-11-15"))
            let export = try await harness.export(token)
            #expect(export.samples.map(\.value) == [72, 75] && export.snapshots.isEmpty)

            // A day with steps and heart rate gets its snapshot as usual.
            let steps = Ingest.document(metrics: [
                Ingest.metric(
                    "step_count", "count",
                    [
                        Ingest.period(88, "2025-11-15 08:00:00 -0800", "2025-11-15 08:10:00 -0800", "Watch")
                    ])
            ])
            #expect(
                try await harness.ingest(token, steps).decode(HealthService.IngestReport.self).daysUpdated.count == 1)
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 88)
        }
    }

    @Test(
        "A batch of 6,000 samples (more than one insert statement) is stored once and summed per day",
        arguments: Backend.allCases)
    func largeBatch(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let start = try #require(ISO8601.parse("2025-11-10T00:00:00Z"))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
            let items = (0..<6000).map { minute in
                Ingest.period(
                    1, formatter.string(from: start.addingTimeInterval(Double(minute) * 60)),
                    formatter.string(from: start.addingTimeInterval(Double(minute + 1) * 60)), "Watch")
            }
            let body = Ingest.document(metrics: [Ingest.metric("step_count", "count", items)])
            let first = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(first.samplesReceived == 6000 && first.samplesAdded == 6000)
            #expect(
                first.daysUpdated.map(\.description) == [
                    "2025-11-10", "2025-11-11", "2025-11-12", "2025-11-13", "2025-11-14",
                ])
            let again = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(again.samplesAdded == 0)
            let export = try await harness.export(token)
            #expect(export.samples.count == 6000)
            #expect(export.snapshots.map(\.steps) == [1440, 1440, 1440, 1440, 240])
        }
    }
}
