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

/// Issue 15, item 6: what the server keeps of an Apple Health export is enough for the dashboard.
/// A real export imported into a local store and into a server user reads back the same
/// workouts (with statistics, events and metadata), routes, activity summaries and samples with
/// metadata through the one read protocol (``ActivityReader``), on SQLite and PostgreSQL.
@Suite("Server keeps whole workouts, routes, activity summaries and metadata")
struct FullRecordsTests {
    /// A real export: its workouts, routes (GPX file, inline locations) and summaries.
    struct Fixture: Sendable, CustomTestStringConvertible {
        var path: String
        var workouts: Int
        var routePoints: Int
        var summaries: Int
        var testDescription: String { path }
    }

    static let fixtures = [
        // 61 workouts with energy and distance, sleep and mindful sessions with metadata, no summary.
        Fixture(path: "hkimport/export.xml", workouts: 61, routePoints: 0, summaries: 0),
        // A workout whose route is a GPX file in the export folder, two summaries.
        Fixture(
            path: "healthkit-to-sqlite/zip_contents/apple_health_export", workouts: 1, routePoints: -1, summaries: 2),
        // The same workout with its route as inline <Location> points (two at the same instant).
        Fixture(path: "healthkit-to-sqlite/export.xml", workouts: 1, routePoints: 2, summaries: 2),
    ]

    static let types: [SampleType] = [.sleepAnalysis, .mindfulSession, .heartRate, .bodyMassIndex, .stepCount]

    @Test(
        "A real export reads back the same through ActivityReader from a local store and a server user; importing again adds nothing, erasing removes it all",
        arguments: Backend.allCases, fixtures)
    func sameAsLocal(backend: Backend, fixture: Fixture) async throws {
        let path = ExportText.fixture(fixture.path)
        let directory = TestFolder.url("vitals-full")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = try SQLiteHealthStore(path: directory.appendingPathComponent("local.sqlite").path)
        let localReport = try await HealthExportImporter(store: local).importExport(at: path)

        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            let first = try await service.importExport(at: path, for: ada)
            #expect(first.workoutSamplesAdded == fixture.workouts && first.workoutsAdded == fixture.workouts)
            #expect(first.routePoints == localReport.routePoints && first.missingRouteFiles == 0)
            #expect(first.activitySummaries == fixture.summaries && first.activitySummariesWritten == fixture.summaries)
            #expect(first.notKept["ActivitySummary"] == nil)
            if fixture.routePoints >= 0 {
                #expect(first.routePoints == fixture.routePoints)
            } else {
                #expect(first.routePoints > 2)
            }

            let server = ServerHealthReader(repository: harness.repository, user: ada)
            let readers: [any ActivityReader] = [local, server]
            var answers: [[String]] = []
            for reader in readers { answers.append(try await Self.answers(reader)) }
            #expect(answers[1] == answers[0])
            #expect(
                Set(try await server.sources(for: .workout).map(\.name))
                    == Set(try await local.sources(for: .workout).map(\.name)))
            #expect(answers[0].count(where: { $0.hasPrefix("workout ") }) == fixture.workouts)
            #expect(answers[0].count(where: { $0.hasPrefix("summary ") }) == fixture.summaries)
            if fixture.path.hasPrefix("hkimport") {
                // The workouts carry statistics, and category samples their metadata.
                #expect(answers[0].contains { $0.hasPrefix("workout ") && $0.contains("ActiveEnergyBurned") })
                #expect(
                    answers[0].contains {
                        $0.hasPrefix("HKCategoryTypeIdentifierSleepAnalysis") && $0.contains("HKWasUserEntered")
                    })
            } else {
                #expect(answers[0].contains { $0.hasPrefix("route ") })
                #expect(answers[0].contains { $0.hasPrefix("workout ") && $0.contains("HKWeatherTemperature") })
            }

            let before = try await harness.export(token)
            #expect(
                before.workoutSamples.count == fixture.workouts && before.activitySummaries.count == fixture.summaries)
            #expect(before.routes.map(\.points.count).reduce(0, +) == first.routePoints)
            let again = try await service.importExport(at: path, for: ada)
            #expect(again.samplesAdded == 0 && again.workoutsAdded == 0 && again.workoutSamplesAdded == 0)
            #expect(again.routePoints == 0 && again.activitySummariesWritten == 0)
            let after = try await harness.export(token)
            #expect(after.samples == before.samples && after.workoutSamples == before.workoutSamples)
            #expect(after.routes == before.routes && after.activitySummaries == before.activitySummaries)
            #expect(try await Self.answers(server) == answers[0])

            let erased = try await harness.repository.eraseData(of: ada)
            #expect(erased.workoutSamples == fixture.workouts && erased.workouts == fixture.workouts)
            #expect(erased.routePoints == first.routePoints && erased.activitySummaries == fixture.summaries)
            let empty = try await Self.answers(server)
            #expect(!empty.contains { $0.hasPrefix("workout ") || $0.hasPrefix("route ") || $0.hasPrefix("summary ") })
            let gone = try await harness.export(token)
            #expect(
                gone.workoutSamples.isEmpty && gone.routes.isEmpty && gone.activitySummaries.isEmpty
                    && gone.samples.isEmpty)
        }
    }

    /// Every workout (whole, with its routes), the activity summaries (all, and a range) and the
    /// samples of ``types`` with their metadata, one comparable line each.
    static func answers(_ reader: any ActivityReader) async throws -> [String] {
        var lines: [String] = []
        for workout in try await reader.samples(of: .workout).value {
            lines.append("workout " + describe(workout))
            for (index, route) in try await reader.routes(ofWorkout: workout.uuid).enumerated() {
                lines.append("route \(workout.uuid) \(index): " + route.map { "\($0)" }.joined(separator: " "))
            }
        }
        for summary in try await reader.activitySummaries() { lines.append("summary \(summary)") }
        let days = try LocalDate(year: 2016, month: 11, day: 16)...LocalDate(year: 2017, month: 12, day: 31)
        lines.append("in range: " + (try await reader.activitySummaries(in: days)).map(\.date).joined(separator: ","))
        for type in types {
            for sample in try await reader.samples(of: type).value {
                lines.append("\(type.identifier) \(describe(sample))")
            }
        }
        return lines.sorted()
    }

    /// What the dashboard shows of a sample: identity, times, content, source name, metadata; of
    /// a workout also the source's version, the creation date and the device (the server keeps
    /// none of these of other samples).
    static func describe(_ sample: Sample) -> String {
        var text =
            "\(sample.uuid) \(sample.start.timeIntervalSince1970) \(sample.end.timeIntervalSince1970) \(sample.source.name)"
        if sample.workout != nil {
            text +=
                " \(sample.sourceVersion ?? "-") \(sample.creationDate?.timeIntervalSince1970 ?? 0) \(sample.device.map { "\($0)" } ?? "-")"
        }
        switch sample.content {
        case .quantity(let quantity): text += " \(quantity.value) \(quantity.unit.unitString)"
        case .category(let value): text += " \(value)"
        case .workout(let workout):
            text += " \(workout.activityType.name) \(workout.duration ?? -1)"
            text +=
                " statistics "
                + workout.statistics.map {
                    "\($0.type.identifier) \($0.unit.unitString) \($0.sum ?? .nan) \($0.average ?? .nan) \($0.minimum ?? .nan) \($0.maximum ?? .nan)"
                }.joined(separator: ", ")
            text +=
                " events "
                + workout.events.map {
                    "\($0.type) \($0.start.timeIntervalSince1970) \($0.end.timeIntervalSince1970) \(metadata($0.metadata))"
                }
                .joined(separator: ", ")
            text +=
                " activities "
                + workout.activities.map { activity in
                    "\(activity.uuid) \(activity.activityType.name) \(activity.start.timeIntervalSince1970) \(activity.end.timeIntervalSince1970) "
                        + activity.statistics.map { "\($0.type.identifier) \($0.sum ?? .nan)" }.joined(separator: ",")
                        + " \(activity.events.map(\.type)) \(metadata(activity.metadata))"
                }.joined(separator: ", ")
        case .correlation(let members): text += " members \(members.count)"
        }
        return text + " " + metadata(sample.metadata)
    }

    static func metadata(_ metadata: Metadata) -> String {
        metadata.keys.sorted().map { "\($0)=\(metadata[$0]!)" }.joined(separator: ";")
    }

    @Test(
        "A later import of a day's activity summary replaces it; the same one again writes nothing",
        arguments: Backend.allCases)
    func summaryReplaced(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada")
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            func summary(_ energy: Int, day: String = "2024-06-01") -> String {
                #" <ActivitySummary dateComponents="\#(day)" activeEnergyBurned="\#(energy)" activeEnergyBurnedGoal="500" "#
                    + #"activeEnergyBurnedUnit="kcal" appleExerciseTime="31" appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>"#
            }
            let reader = ServerHealthReader(repository: harness.repository, user: ada)
            for (body, written, energy) in [
                ([summary(420), summary(10, day: "2024-06-02")], 2, 420.0),
                ([summary(515)], 1, 515), ([summary(515)], 0, 515),
            ] {
                let path = try ExportText.write(ExportText.document(body.joined(separator: "\n")))
                defer { ExportText.remove(path) }
                let report = try await service.importExport(at: path, for: ada)
                #expect(report.activitySummaries == body.count && report.activitySummariesWritten == written)
                let june1 = try LocalDate(year: 2024, month: 6, day: 1)
                let kept = try await reader.activitySummaries(in: june1...june1)
                #expect(kept.map(\.date) == ["2024-06-01"] && kept.first?.activeEnergyBurned == energy)
                #expect(kept.first?.exerciseTime == 31 && kept.first?.standHours == 10)
            }
            #expect(try await reader.activitySummaries().map(\.date) == ["2024-06-01", "2024-06-02"])
        }
    }

    @Test(
        "A workout from Health Auto Export or the sync API reads back built from its record",
        arguments: Backend.allCases)
    func builtFromRecord(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada")
            let start = Date(timeIntervalSince1970: 1_717_228_800)
            let uuid = UUID()
            let records = [
                WorkoutRecord(
                    externalId: uuid.uuidString, date: try LocalDate(year: 2024, month: 6, day: 1), source: .healthKit,
                    type: "running", durationMinutes: 30, calories: 310, distance: 5_000, startTime: start,
                    endTime: start.addingTimeInterval(1_900)),
                WorkoutRecord(
                    externalId: "strength@1717232400000", date: try LocalDate(year: 2024, month: 6, day: 1),
                    source: .manual, type: "traditionalStrengthTraining", durationMinutes: 45, calories: nil,
                    distance: nil, startTime: start.addingTimeInterval(3_600), endTime: nil),
            ]
            _ = try await harness.repository.apply(
                HealthWrite(workouts: records), for: ada, at: ServerConfiguration.fixedNow)
            let reader = ServerHealthReader(repository: harness.repository, user: ada)
            let workouts = try await reader.samples(of: .workout).value
            try #require(workouts.count == 2)
            #expect(workouts[0].uuid == uuid && workouts[0].workout?.activityType == .running)
            #expect(workouts[0].workout?.duration == 1_800 && workouts[0].end == start.addingTimeInterval(1_900))
            #expect(workouts[0].workout?.statistics(for: .activeEnergyBurned)?.sum == 310)
            #expect(workouts[0].workout?.statistics(for: .distanceWalkingRunning)?.sum == 5_000)
            #expect(workouts[0].source.name == "HEALTHKIT")
            #expect(workouts[1].workout?.activityType.name == "traditionalStrengthTraining")
            #expect(
                workouts[1].end == start.addingTimeInterval(3_600 + 45 * 60)
                    && workouts[1].workout?.statistics.isEmpty == true)
            #expect(workouts[1].uuid == records[1].sampleUUID)
            let window = SamplePredicate(
                DateRange(clampingStart: start.addingTimeInterval(3_000), end: start.addingTimeInterval(4_000)))
            #expect(
                try await reader.samples(of: .workout, matching: window).value.map(\.uuid) == [records[1].sampleUUID])
            #expect(
                try await reader.samples(of: .workout, matching: SamplePredicate(), limit: 1).value.map(\.uuid) == [
                    uuid
                ])
            #expect(Set(try await reader.sources(for: .workout).map(\.name)) == ["HEALTHKIT", "MANUAL"])
        }
    }
}
