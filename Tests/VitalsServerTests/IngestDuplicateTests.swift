import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// Duplicates from real phones (issue 15, item 3): a sample re-sent under another source string
/// is stored once, phone and watch at one instant count once, sleep from two sources is never
/// summed, and an older-format workout sent again is not a second workout.
@Suite("Server: Health Auto Export duplicates")
struct IngestDuplicateTests {
    static func steps(_ qty: Int, at date: String, source: String) -> String {
        #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": \#(qty), "date": "\#(date)", "source": "\#(source)"}]}]}}"#
    }

    @Test("A sample re-sent with another source string is stored once", arguments: Backend.allCases)
    func resentUnderAnotherSource(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let joined = Self.steps(120, at: "2024-06-01 08:00:00 +0000", source: "Anna's iPhone|Anna's Apple Watch")
            let first = try await harness.ingest(token, joined).decode(HealthService.IngestReport.self)
            #expect(first.samplesAdded == 1)
            let alone = Self.steps(120, at: "2024-06-01 08:00:00 +0000", source: "Anna's iPhone")
            let again = try await harness.ingest(token, alone).decode(HealthService.IngestReport.self)
            #expect(again.samplesReceived == 1 && again.samplesAdded == 0 && again.samplesResent == 1)
            #expect(try await harness.export(token).samples.count == 1)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 120)
            // Another device's name is not the same sample.
            let other = Self.steps(120, at: "2024-06-01 08:00:00 +0000", source: "Bob's iPhone")
            #expect(try await harness.ingest(token, other).decode(HealthService.IngestReport.self).samplesAdded == 1)
        }
    }

    @Test(
        "Samples of several types re-sent with another source string are each stored once", arguments: Backend.allCases)
    func resentOfSeveralTypes(backend: Backend) async throws {
        @Sendable func body(_ source: String) -> String {
            #"""
            {"data": {"metrics": [
              {"name": "step_count", "units": "count", "data": [{"qty": 120, "date": "2024-06-01 08:00:00 +0000", "source": "\#(source)"}]},
              {"name": "flights_climbed", "units": "count", "data": [{"qty": 3, "date": "2024-06-01 09:00:00 +0000", "source": "\#(source)"}]},
              {"name": "active_energy", "units": "kcal", "data": [{"qty": 42, "date": "2024-06-01 10:00:00 +0000", "source": "\#(source)"}]}]}}
            """#
        }
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let first = try await harness.ingest(token, body("Anna's iPhone|Anna's Apple Watch")).decode(
                HealthService.IngestReport.self)
            #expect(first.samplesAdded == 3)
            // One read finds the stored samples of all three types (one statement on PostgreSQL).
            let again = try await harness.ingest(token, body("Anna's Apple Watch")).decode(
                HealthService.IngestReport.self)
            #expect(again.samplesReceived == 3 && again.samplesAdded == 0 && again.samplesResent == 3)
            #expect(try await harness.export(token).samples.count == 3)
        }
    }

    @Test("The same instant from phone and watch counts once: the watch's value", arguments: Backend.allCases)
    func sameInstantTwoDevices(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let body = #"""
                {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
                  {"qty": 95, "date": "2024-06-01 08:00:00 +0000", "source": "Anna's Apple Watch"},
                  {"qty": 120, "date": "2024-06-01 08:00:00 +0000", "source": "Anna's iPhone"},
                  {"qty": 30, "date": "2024-06-01 08:01:00 +0000", "source": "Anna's iPhone"}]}]}}
                """#
            let report = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 3)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 125)
        }
    }

    @Test(
        "Sleep from phone and watch for the same night is never summed (aggregated and staged)",
        arguments: Backend.allCases)
    func sleepFromTwoSources(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let body = #"""
                {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
                  {"date": "2024-06-02", "totalSleep": 7, "core": 4, "deep": 1, "rem": 2,
                   "sleepStart": "2024-06-02 00:00:00 +0000", "sleepEnd": "2024-06-02 07:00:00 +0000", "source": "Anna's Apple Watch"},
                  {"date": "2024-06-02", "asleep": 7.5, "sleepStart": "2024-06-01 23:45:00 +0000",
                   "sleepEnd": "2024-06-02 07:15:00 +0000", "sleepSource": "Anna's iPhone"},
                  {"startDate": "2024-06-02 01:00:00 +0000", "endDate": "2024-06-02 06:00:00 +0000", "value": "Asleep",
                   "source": "Anna's iPhone|Anna's Apple Watch"}]}]}}
                """#
            let report = try await harness.ingest(token, body).decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 5)
            // The union 23:45-07:15, the night ending on the 2nd (the phone's 15 minutes before midnight too).
            #expect(try await harness.day(token, "2024-06-02").decode(DayReport.self).sleepMinutes == 450)
            #expect(try await harness.dayIsEmpty(token, "2024-06-01"))
        }
    }

    @Test(
        "An older-format workout (no id) sent again is stored once, and a corrected re-send updates it",
        arguments: Backend.allCases)
    func olderWorkoutResent(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let workout = #"""
                {"data": {"workouts": [{"name": "Outdoor Walk", "start": "2024-06-01 07:15:00 +0000",
                  "end": "2024-06-01 08:00:00 +0000", "activeEnergy": {"qty": 180, "units": "kcal"},
                  "heartRateData": [{"date": "2024-06-01 07:16:00 +0000", "qty": 98, "units": "count"}]}]}}
                """#
            let first = try await harness.ingest(token, workout).decode(HealthService.IngestReport.self)
            #expect(first.workoutsAdded == 1)
            let again = try await harness.ingest(token, workout).decode(HealthService.IngestReport.self)
            #expect(again.workoutsReceived == 1 && again.workoutsAdded == 0)
            let stored = try await harness.export(token).workouts
            #expect(stored.count == 1 && stored.first?.calories == 180 && stored.first?.type == "walking")
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).workoutsCount == 1)
            // The app recomputed the walk's energy: the re-send updates the stored workout, still once.
            let corrected = workout.replacingOccurrences(of: #""qty": 180"#, with: #""qty": 195"#)
            let third = try await harness.ingest(token, corrected).decode(HealthService.IngestReport.self)
            #expect(third.workoutsAdded == 0)
            let updated = try await harness.export(token).workouts
            #expect(updated.count == 1 && updated.first?.calories == 195)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).workoutsCount == 1)
        }
    }
}
