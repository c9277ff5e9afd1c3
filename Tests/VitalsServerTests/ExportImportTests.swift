import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsTestSupport
import VitalsTesting

/// Backfill (issue 15, item 6): an Apple Health export imported into a server user, all or
/// nothing, with the touched days' snapshots recomputed.
@Suite("Server: importing an Apple Health export into a user")
struct ExportImportTests {
    static func service(_ harness: Harness) -> HealthService {
        HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
    }

    @Test("A real export.zip goes into the user once; importing it again adds nothing", arguments: Backend.allCases)
    func realZip(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada", timeZone: "Europe/Amsterdam")
            let zip = ExportText.fixture("apple-health-parser/export.zip")
            let first = try await Self.service(harness).importExport(at: zip, for: ada)
            // 8 records: heart rate, active energy, exercise, stand time and sleep, all kept.
            #expect(first.samplesRead == 8 && first.samplesAdded == 8 && first.samplesAlreadyPresent == 0)
            #expect(first.skipped.isEmpty && first.notKept["Me"] == nil && first.characteristics == 5)
            // The first record starts 2024-01-01 00:55 +0200, which is 23:55 on New Year's Eve in Amsterdam (+0100).
            let newYear = try LocalDate(year: 2023, month: 12, day: 31)
            #expect(first.firstDay == newYear)
            #expect(first.daysRecomputed >= 1 && first.bytes > 0 && first.exportDate != nil)
            #expect(try await harness.export(token).samples.count == 8)
            #expect(!(try await harness.dayIsEmpty(token, "2024-01-01")))
            let again = try await Self.service(harness).importExport(at: zip, for: ada)
            #expect(again.samplesRead == 8 && again.samplesAdded == 0 && again.samplesAlreadyPresent == 8)
            #expect(try await harness.export(token).samples.count == 8)
            let log = try await harness.repository.ingests(of: ada, limit: 10, before: nil)
            #expect(log.map(\.kind) == [.appleHealthExport, .appleHealthExport])
            #expect(log.first?.samplesAlreadyPresent == 8 && log.last?.samplesStored == 8)
        }
    }

    @Test(
        "An export's steps and workouts make the day's snapshot; another user is untouched",
        arguments: Backend.allCases)
    func stepsAndWorkouts(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let (_, bobToken) = try await harness.user("bob")
            let path = try ExportText.write(
                ExportText.document(
                    [
                        ExportText.steps(400, from: "08:00:00", to: "08:10:00"),
                        ExportText.steps(600, from: "12:00:00", to: "12:10:00"),
                        ExportText.steps(50, day: "2024-06-02", from: "09:00:00", to: "09:01:00"),
                        #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's iPhone" unit="count" startDate="bad" endDate="bad" value="3"/>"#,
                        ExportText.run(),
                    ].joined(separator: "\n")))
            defer { ExportText.remove(path) }
            let report = try await Self.service(harness).importExport(at: path, for: ada)
            #expect(report.samplesAdded == 3 && report.workoutsRead == 1 && report.workoutsAdded == 1)
            #expect(report.skipped == ["Record: date is not 'YYYY-MM-DD hh:mm:ss ±hhmm'": 1])
            #expect(report.daysRecomputed == 2)
            let (june1, june2) = (
                try LocalDate(year: 2024, month: 6, day: 1), try LocalDate(year: 2024, month: 6, day: 2)
            )
            #expect(report.firstDay == june1 && report.lastDay == june2)
            let day = try await harness.day(token, "2024-06-01").decode(DayReport.self)
            #expect(day.steps == 1000 && day.workoutsCount == 1)
            #expect(try await harness.day(token, "2024-06-02").decode(DayReport.self).steps == 50)
            #expect(try await harness.export(token).workouts.count == 1)
            #expect(try await harness.export(bobToken).samples.isEmpty)
        }
    }

    @Test(
        "A malformed export leaves the user's data as it was, even after thousands of samples",
        arguments: Backend.allCases)
    func malformedRollsBack(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let hae =
                #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 70, "date": "2024-06-01 06:00:00 +0000", "source": "Anna's iPhone"}]}]}}"#
            #expect(try await harness.ingest(token, hae).status == .ok)
            let before = try await harness.export(token)
            // More samples than one write inserts, so earlier writes of the import are rolled back too.
            var records: [String] = []
            for minute in 0..<7_000 {
                let start = Date(timeIntervalSince1970: 1_717_200_000 + Double(minute) * 60)
                records.append(Self.stepRecord(start: start, count: 10))
            }
            records.append(" <Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"1\"></Workout>")
            let path = try ExportText.write(ExportText.document(records.joined(separator: "\n")))
            defer { ExportText.remove(path) }
            await #expect(throws: VitalsError.self) { try await Self.service(harness).importExport(at: path, for: ada) }
            do {
                _ = try await Self.service(harness).importExport(at: path, for: ada)
            } catch let error as VitalsError {
                #expect(error.code == .invalidInput && error.location?.byteOffset != nil)
            }
            let after = try await harness.export(token)
            #expect(after.samples == before.samples && after.snapshots == before.snapshots)
            #expect(after.ingests.count == before.ingests.count)
            #expect(try await harness.day(token, "2024-06-01").decode(DayReport.self).steps == 70)
        }
    }

    @Test("A missing file is an I/O error naming it, and nothing changes", arguments: Backend.allCases)
    func missingFile(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let missing = TestFolder.path("no", suffix: ".zip")
            do {
                _ = try await Self.service(harness).importExport(at: missing, for: ada)
                Issue.record("a missing file was imported")
            } catch let error as VitalsError {
                #expect(error.code == .io && error.location?.file == missing)
            }
            #expect(try await harness.export(token).ingests.isEmpty)
        }
    }

    /// A one-minute step record starting at `start` (UTC).
    static func stepRecord(start: Date, count: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .gmt
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss '+0000'"
        let (from, to) = (formatter.string(from: start), formatter.string(from: start.addingTimeInterval(60)))
        return #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's iPhone" unit="count" "#
            + #"startDate="\#(from)" endDate="\#(to)" value="\#(count)"/>"#
    }
}
