import Foundation
import Testing
import VitalsCore
import VitalsStore
import VitalsTestSupport

@testable import VitalsImport

@Suite("Real export fixtures")
struct RealExportTests {
    @Test("hkimport: a complete iOS 11 export with its DTD imports with exact counts, and again adds nothing")
    func hkimport() async throws {
        let workspace = try ImportWorkspace()
        let report = try await workspace.importExport(Fixtures.path("hkimport/export.xml"))
        #expect(report.elements == ["Record": 10_939, "Workout": 61, "Correlation": 34, "Me": 1, "ExportDate": 1])
        // 10,939 top-level records + 61 workouts + 34 correlations; the 162 correlation members repeat top-level records.
        #expect(report.added == 10_939 + 61 + 34)
        #expect(report.alreadyPresent == 162)
        #expect(report.skipped.isEmpty)
        #expect(report.unknownElements.isEmpty)
        #expect(report.exportDate == ISO8601.parse("2017-11-07 10:05:13 +0200"))
        let counts = try await workspace.counts()
        #expect(counts["workout"] == 61 && counts["food"] == 34 && counts["mindfulSession"] == 4)
        let characteristics = try await workspace.store.characteristics()
        #expect(characteristics["HKCharacteristicTypeIdentifierDateOfBirth"] != nil)

        let food = try await workspace.store.samples(of: .food).value
        #expect(food.allSatisfy { ($0.members?.count ?? 0) > 0 })
        let memberCount = food.reduce(0) { $0 + ($1.members?.count ?? 0) }
        #expect(memberCount == 162)

        let again = try await workspace.importExport(Fixtures.path("hkimport/export.xml"))
        #expect(again.added == 0)
        // Top-level elements are found present; members of a present correlation are not visited again.
        #expect(again.alreadyPresent == report.added)
        #expect(try await workspace.counts() == counts)

        // The report says where the time went: both threads worked, and waits fit in the wall time.
        let timing = try #require(report.timing)
        #expect(timing.parseCPUSeconds > 0 && timing.writeCPUSeconds > 0 && timing.commitSeconds >= 0)
        #expect(timing.parserWaitSeconds >= 0 && timing.parserWaitSeconds <= report.seconds)
        #expect(timing.writerWaitSeconds >= 0 && timing.writerWaitSeconds <= report.seconds)
    }

    @Test("healthkit-to-sqlite: metadata, activity summaries and old inline Location routes")
    func inlineLocations() async throws {
        let workspace = try ImportWorkspace()
        let report = try await workspace.importExport(Fixtures.path("healthkit-to-sqlite/export.xml"))
        #expect(report.activitySummariesAdded == 2)
        #expect(report.routePoints == 2)
        #expect(report.missingRouteFiles == 0)
        let workouts = try await workspace.store.samples(of: .workout).value
        #expect(workouts.count == 1)
        let workout = try #require(workouts.first?.workout)
        #expect(workout.activityType == .running)
        #expect(abs((workout.duration ?? 0) - 5.19412346680959 * 60) < 1e-6)
        let distance = try #require(workout.statistics(for: .distanceWalkingRunning)?.sum)
        #expect(abs(distance - 0.4971749504535062 * 1609.344) < 1e-6)
        let routes = try await workspace.store.route(ofWorkout: workouts[0].uuid)
        #expect(routes.flatMap { $0 }.count == 2)
        #expect(routes.flatMap { $0 }.first?.latitude == 37.7777)
        let summaries = try await workspace.store.activitySummaries()
        #expect(summaries.map(\.date) == ["2016-11-15", "2016-11-16"])
        #expect(summaries[0].standHours == 13)
    }

    @Test("Unzipped folder: the GPX route file next to the XML is read")
    func folderWithRouteFile() async throws {
        let workspace = try ImportWorkspace()
        let report = try await workspace.importExport(Fixtures.path("healthkit-to-sqlite/zip_contents"))
        #expect(report.missingRouteFiles == 0)
        #expect(report.routePoints > 2)
        let workouts = try await workspace.store.samples(of: .workout).value
        let points = try await workspace.store.route(ofWorkout: workouts[0].uuid).flatMap { $0 }
        #expect(points.count == report.routePoints)
        #expect(points.allSatisfy { $0.altitude != nil && $0.horizontalAccuracy != nil })
    }

    @Test("apple-health-parser: the zip and the bare XML import the same samples")
    func zipAndXMLAgree() async throws {
        let fromZip = try ImportWorkspace()
        let fromXML = try ImportWorkspace()
        let zipReport = try await fromZip.importExport(Fixtures.path("apple-health-parser/export.zip"))
        let xmlReport = try await fromXML.importExport(Fixtures.path("apple-health-parser/export.xml"))
        #expect(zipReport.elements == ["Record": 8, "Me": 1, "ExportDate": 1])
        #expect(zipReport.added == 8 && zipReport.skipped.isEmpty)
        #expect(zipReport.added == xmlReport.added)
        #expect(try await fromZip.counts() == (try await fromXML.counts()))
        let zipSteps = try await fromZip.store.samples(of: .stepCount).value.map(\.uuid)
        let xmlSteps = try await fromXML.store.samples(of: .stepCount).value.map(\.uuid)
        #expect(zipSteps == xmlSteps)
    }
}
