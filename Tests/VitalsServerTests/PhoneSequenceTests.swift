import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsImport
import VitalsServer
import VitalsServerStorage
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// Sequences as a phone sends them (issue 38, item 6): every figure converges to the phone's
/// latest value, on both backends and in `vitals import`, whatever came before it.
@Suite("Server: sequences from a real phone")
struct PhoneSequenceTests {
    /// The figures a day shows, as the API gives them.
    struct DayFigures: Equatable, CustomStringConvertible {
        var snapshot: SnapshotMetrics?
        var hourlySteps: [Double?]
        var heartRate: Double?
        var workoutCalories: [Double?]

        var description: String {
            "\(String(describing: snapshot)) hourly \(hourlySteps) heart \(String(describing: heartRate)) "
                + "workouts \(workoutCalories)"
        }
    }

    static let day = try! LocalDate(parsing: PhoneAutomation.day)

    /// A user's figures of `day`: the day record, steps per hour and the average heart rate
    /// through the server's reader, and the workouts' calories.
    static func figures(
        _ harness: Harness, _ user: ServerUser, _ token: String, on day: LocalDate
    ) async throws
        -> DayFigures
    {
        let report = try await harness.day(token, day.description).decode(DayReport.self)
        var metrics = report.snapshots.first { $0.source == .healthKit }?.metrics
        metrics?.workoutsCount = nil  // compared through the calories below
        let reader = ServerHealthReader(repository: harness.repository, user: user)
        let range = day.range(in: user.calendar)
        let hourly = try await reader.statistics(
            StatisticsQuery(
                type: .stepCount, range: range, interval: .hour,
                calendar: user.calendar, options: .sum)
        ).value
        let heart = try await reader.statistics(
            StatisticsQuery(
                type: .heartRate, range: range, interval: .day,
                calendar: user.calendar, options: .average)
        ).value
        let workouts = try await harness.repository.workoutRecords(of: user, startingBefore: range.end)
        return DayFigures(
            snapshot: metrics, hourlySteps: hourly.map(\.sum), heartRate: heart.first?.average,
            workoutCalories: workouts.map(\.calories))
    }

    @Test(
        "The hourly 'Today' automation, 24 posts of running totals: every figure equals the last post's alone",
        arguments: Backend.allCases)
    func todayHourly(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, adaToken) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (bob, bobToken) = try await harness.user("bob", timeZone: "Europe/Berlin")
            let posts = PhoneAutomation.todayHourly()
            var revised = 0
            for post in posts {
                let reply = try await harness.ingest(adaToken, post)
                try #require(reply.status == .ok, "\(reply.text)")
                let report = try reply.decode(HealthService.IngestReport.self)
                #expect(report.status == "success" && report.itemsUnreadable == 0)
                revised += report.samplesRevised
            }
            #expect(revised > 0, "running totals were revised")
            try #require(try await harness.ingest(bobToken, posts[posts.count - 1]).status == .ok)
            let sequence = try await Self.figures(harness, ada, adaToken, on: Self.day)
            let last = try await Self.figures(harness, bob, bobToken, on: Self.day)
            #expect(sequence == last)
            let snapshot = try #require(sequence.snapshot)
            // The figures the last post gives, worked out by hand: steps 400 + 37 h in hours 7-22
            // (14,984), 12 in hour 3, and the watch's 5% of hours 7 and 8 (32.95 + 34.8); the night's
            // stages from 23:37 to 06:40 (7.05 h), the sleep app's 6.9 h inside them, never on top;
            // the recomputed run.
            #expect(snapshot.steps == 15_064)
            #expect(snapshot.sleepMinutes == 423)
            #expect(sequence.workoutCalories == [318])
            // The stored samples are the last post's: nothing of the earlier posts is left over.
            #expect(try await harness.export(adaToken).samples.count == harness.export(bobToken).samples.count)
        }
    }

    @Test(
        "Overlapping daily exports from two versions of the app, in order: each day is its latest export's",
        arguments: Backend.allCases)
    func twoAppVersions(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, adaToken) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let exports = PhoneAutomation.dailyExports()
            for export in exports {
                let body = PhoneAutomation.dailyExport(older: export.older, days: export.days)
                try #require(
                    try await harness.send(
                        .post, "/api/v1/ingest/health-auto-export?aggregation=days",
                        token: adaToken, json: body
                    ).status == .ok)
            }
            for (index, day) in ["2025-11-12", "2025-11-13", "2025-11-14"].enumerated() {
                let latest = try #require(exports.last { $0.days.contains(day) })
                let (alone, aloneToken) = try await harness.user("alone\(index)", timeZone: "Europe/Berlin")
                let body = PhoneAutomation.dailyExport(older: latest.older, days: latest.days)
                try #require(
                    try await harness.send(
                        .post, "/api/v1/ingest/health-auto-export?aggregation=days",
                        token: aloneToken, json: body
                    ).status == .ok)
                let date = try LocalDate(parsing: day)
                let sequence = try await Self.figures(harness, ada, adaToken, on: date)
                #expect(sequence == (try await Self.figures(harness, alone, aloneToken, on: date)), "\(day)")
            }
            // The older app's night (only in the first export): 7.1 h asleep, and its doubled in-bed
            // hours (14.9) stop at inBedEnd, 7.5 h in bed: a score of 426 / 450, not 426 / 894.
            let report = try await harness.day(adaToken, "2025-11-12").decode(DayReport.self)
            #expect(report.snapshot?.sleepMinutes == 426 && report.snapshot?.sleepQualityScore == 95)
        }
    }

    @Test("vitals import of the same posts gives the server's day figures")
    func localMatchesServer() async throws {
        let folder = TestFolder.url("vitals-phone")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = SQLiteHealthStore.Configuration()
        let calendar = Calendar.gregorian(in: try .iana("Europe/Berlin"))
        configuration.calendar = calendar
        let store = try SQLiteHealthStore(
            path: folder.appendingPathComponent("local.sqlite").path,
            configuration: configuration)
        for (index, post) in PhoneAutomation.todayHourly().enumerated() {
            let file = folder.appendingPathComponent("post-\(index).json")
            try Data(post.utf8).write(to: file)
            let report = try await HealthAutoExportImporter(store: store).importFile(at: file.path)
            #expect(report.unreadable.isEmpty)
        }
        let local = try await DailyMetricsCalculator(calendar: calendar).metrics(
            from: Self.day, through: Self.day, statistics: { try await store.statistics($0).value })
        try await withServer(.sqlite) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            for post in PhoneAutomation.todayHourly() { _ = try await harness.ingest(token, post) }
            let server = try #require(
                try await harness.day(token, Self.day.description).decode(DayReport.self).snapshot)
            let day = try #require(local.first)
            #expect(day.steps == server.steps && day.activeEnergyBurned == server.activeCalories)
            #expect(day.activeMinutes == server.exerciseMinutes && day.standMinutes == server.standMinutes)
            #expect(day.sleepMinutes == server.sleepMinutes && day.restingHeartRate == server.restingHeartRate)
            #expect(day.hrv == server.hrv && day.sleepQualityScore == server.sleepQualityScore)
        }
    }
}
