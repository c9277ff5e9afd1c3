import Foundation
import HTTPTypes
import Testing
import VitalsContract
import VitalsCore
import VitalsServer

/// Values sent again with another value (issue 38, item 1): a running total replaces the stored
/// one, on both backends, with the day, the export, the ingest log and quests following.
@Suite("Server: Health Auto Export revisions")
struct IngestRevisionTests {
    static func metric(_ name: String, units: String, _ items: [(qty: Double, date: String, source: String)]) -> String
    {
        let data = items.map { #"{"qty": \#($0.qty), "date": "\#($0.date)", "source": "\#($0.source)"}"# }
        return
            #"{"data": {"metrics": [{"name": "\#(name)", "units": "\#(units)", "data": [\#(data.joined(separator: ", "))]}]}}"#
    }

    static func steps(
        _ qty: Double, source: String = "Ada's iPhone", date: String = "2025-11-16 00:00:00 +0100"
    ) -> String {
        metric("step_count", units: "count", [(qty, date, source)])
    }

    @Test(
        "A running total sent again replaces the stored value: today, the export and the log say 8000",
        arguments: Backend.allCases)
    func runningTotal(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let first = try await harness.ingest(token, Self.steps(3000)).decode(HealthService.IngestReport.self)
            #expect(first.samplesAdded == 1 && first.samplesRevised == 0)
            let second = try await harness.ingest(token, Self.steps(8000)).decode(HealthService.IngestReport.self)
            #expect(second.samplesReceived == 1 && second.samplesAdded == 0 && second.samplesRevised == 1)
            #expect(second.daysUpdated == [try LocalDate(parsing: "2025-11-16")])
            #expect(try await harness.day(token, "today").decode(DayReport.self).snapshot?.steps == 8000)
            let samples = try await harness.export(token).samples
            #expect(samples.map(\.value) == [8000])
            // The same document again changes nothing.
            let third = try await harness.ingest(token, Self.steps(8000)).decode(HealthService.IngestReport.self)
            #expect(third.samplesAdded == 0 && third.samplesRevised == 0)
            #expect(try await harness.export(token).samples.map(\.value) == [8000])
            let log = try await harness.ingests(token).entries
            #expect(log.map(\.samplesRevised) == [0, 1, 0])
            #expect(log.map(\.samplesStored) == [0, 0, 1])
            #expect(log.map(\.samplesAlreadyPresent) == [1, 0, 0])
        }
    }

    @Test(
        "A revision under a merged source string replaces each device's value; another device's stays",
        arguments: Backend.allCases)
    func mergedSourceRevision(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let hour = "2025-11-16 09:00:00 +0100"
            let phoneAndWatch = Self.metric(
                "step_count", units: "count",
                [
                    (300, hour, "Ada's iPhone"), (420, hour, "Ada's Apple Watch"), (50, hour, "Bob's iPhone"),
                ])
            #expect(
                try await harness.ingest(token, phoneAndWatch).decode(HealthService.IngestReport.self).samplesAdded == 3
            )
            let merged = Self.steps(460, source: "Ada's Apple Watch|Ada's iPhone", date: hour)
            let report = try await harness.ingest(token, merged).decode(HealthService.IngestReport.self)
            #expect(report.samplesRevised == 1 && report.samplesAdded == 0)
            let values = try await harness.export(token).samples.map { "\($0.sourceName)=\(Int($0.value))" }.sorted()
            #expect(values == ["Ada's Apple Watch|Ada's iPhone=460", "Bob's iPhone=50"])
            // A single device's value later replaces the merged one in turn.
            let alone = Self.steps(470, source: "Ada's Apple Watch", date: hour)
            #expect(try await harness.ingest(token, alone).decode(HealthService.IngestReport.self).samplesRevised == 1)
            let after = try await harness.export(token).samples.map { "\($0.sourceName)=\(Int($0.value))" }.sorted()
            #expect(after == ["Ada's Apple Watch=470", "Bob's iPhone=50"])
        }
    }

    @Test(
        "Two values for one period in one document are two samples; a later document adds what is new",
        arguments: Backend.allCases)
    func twoFoodsAtOneTime(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "UTC")
            let lunch = "2025-11-16 12:00:00 +0000"
            let two = Self.metric(
                "dietary_energy", units: "kcal", [(200, lunch, "Lose It!"), (350, lunch, "Lose It!")])
            #expect(try await harness.ingest(token, two).decode(HealthService.IngestReport.self).samplesAdded == 2)
            #expect(try await harness.ingest(token, two).decode(HealthService.IngestReport.self).samplesAdded == 0)
            let three = Self.metric(
                "dietary_energy", units: "kcal",
                [(200, lunch, "Lose It!"), (350, lunch, "Lose It!"), (150, lunch, "Lose It!")])
            let report = try await harness.ingest(token, three).decode(HealthService.IngestReport.self)
            #expect(report.samplesAdded == 1 && report.samplesRevised == 0)
            #expect(try await harness.export(token).samples.map(\.value).sorted() == [150, 200, 350])
            // One of them changed: it replaces one stored value, the others stay.
            let changed = Self.metric(
                "dietary_energy", units: "kcal",
                [(200, lunch, "Lose It!"), (300, lunch, "Lose It!"), (150, lunch, "Lose It!")])
            let revised = try await harness.ingest(token, changed).decode(HealthService.IngestReport.self)
            #expect(revised.samplesRevised == 1 && revised.samplesAdded == 0)
            #expect(try await harness.export(token).samples.map(\.value).sorted() == [150, 200, 300])
        }
    }

    @Test("A quest completed by a value stays completed when a revision lowers the value", arguments: Backend.allCases)
    func questAfterLoweringRevision(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (user, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            _ = try await harness.quest(
                token,
                #"""
                {"title": "8k", "metric": "steps", "comparison": "atLeast", "target": 8000, "recurrence": "daily"}
                """#)
            let high = try await harness.ingest(token, Self.steps(8500)).decode(HealthService.IngestReport.self)
            #expect(high.questsCompleted == 1)
            let lower = try await harness.ingest(token, Self.steps(7900)).decode(HealthService.IngestReport.self)
            #expect(lower.samplesRevised == 1 && lower.questsCompleted == 0)
            #expect(try await harness.day(token, "today").decode(DayReport.self).snapshot?.steps == 7900)
            let day = try LocalDate(parsing: "2025-11-16")
            #expect(try await harness.repository.questCompletions(of: user, from: day, through: day).count == 1)
        }
    }
}
