import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsServer
import VitalsStore
import VitalsTestSupport
import VitalsTesting

/// An iOS 16 export's interval workout (activities, events, statistics per type, a device,
/// metadata, two GPX routes after one whose file is missing) reads back from a server user as
/// from a local store, on SQLite and PostgreSQL.
@Suite("Server keeps an interval workout whole")
struct IntervalWorkoutReadTests {
    static let workout = """
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40" durationUnit="min" sourceName="Anna’s Apple Watch" sourceVersion="10.2" device="&lt;&lt;HKDevice: 0x28&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.2&gt;" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100">
          <MetadataEntry key="HKIndoorWorkout" value="0"/>
          <MetadataEntry key="HKAverageMETs" value="9.84 kcal/hr·kg"/>
          <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-02-01 08:15:00 +0100" duration="10" durationUnit="min"/>
          <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-02-01 08:40:00 +0100"/>
          <WorkoutEvent type="HKWorkoutEventTypeResume" date="2024-02-01 08:45:00 +0100"/>
          <WorkoutActivity uuid="11111111-2222-3333-4444-555555555555" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100" duration="20" durationUnit="min">
           <WorkoutEvent type="HKWorkoutEventTypeLap" date="2024-02-01 08:25:00 +0100"/>
           <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100" sum="4.1" unit="km"/>
           <MetadataEntry key="HKWorkoutActivityIndex" value="0"/>
          </WorkoutActivity>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100" sum="420" unit="kcal"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100" average="151" minimum="98" maximum="176" unit="count/min"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100" sum="7" unit="km"/>
          <WorkoutRoute sourceName="Anna’s Apple Watch" sourceVersion="10.2" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100">
           <FileReference path="/workout-routes/route_missing.gpx"/>
          </WorkoutRoute>
          <WorkoutRoute sourceName="Anna’s Apple Watch" sourceVersion="10.2" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100">
           <FileReference path="/workout-routes/route_2024-02-01_8.15am.gpx"/>
          </WorkoutRoute>
          <WorkoutRoute sourceName="Anna’s Apple Watch" sourceVersion="10.2" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:45:00 +0100" endDate="2024-02-01 09:00:00 +0100">
           <FileReference path="/workout-routes/route_2024-02-01_8.45am.gpx"/>
          </WorkoutRoute>
         </Workout>
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Headspace" startDate="2024-02-01 21:00:00 +0100" endDate="2024-02-01 21:10:00 +0100" value="HKCategoryValueNotApplicable">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
          <MetadataEntry key="HKMetadataKeySyncVersion" value="0.30000000000000004"/>
         </Record>
        """

    /// A GPX track with a point at each of `minutes` past 07:00 UTC.
    static func gpx(_ minutes: [Int]) -> String {
        let points = minutes.map { minute in
            String(
                format:
                    #"<trkpt lon="13.40%02d" lat="52.52%02d"><ele>34.5</ele><time>2024-02-01T07:%02d:00Z</time><extensions><speed>3.1</speed><course>90.0</course><hAcc>2.0</hAcc><vAcc>1.5</vAcc></extensions></trkpt>"#,
                minute, minute, minute)
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg>
            \(points)
            </trkseg></trk></gpx>
            """
    }

    @Test(
        "Activities, events, statistics, device, metadata and routes read back as locally", arguments: Backend.allCases)
    func sameAsLocal(backend: Backend) async throws {
        let root = TestFolder.url("vitals-interval")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("workout-routes"),
            withIntermediateDirectories: true)
        try Data(ExportText.document(Self.workout).utf8).write(to: folder.appendingPathComponent("export.xml"))
        for (name, minutes) in [
            ("route_2024-02-01_8.15am.gpx", [15, 20, 25]), ("route_2024-02-01_8.45am.gpx", [45, 50]),
        ] {
            try Data(Self.gpx(minutes).utf8).write(to: folder.appendingPathComponent("workout-routes/\(name)"))
        }
        let local = try SQLiteHealthStore(path: root.appendingPathComponent("local.sqlite").path)
        let localReport = try await HealthExportImporter(store: local).importExport(at: folder.path)
        #expect(localReport.routePoints == 5 && localReport.missingRouteFiles == 1)

        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            let report = try await service.importExport(at: folder.path, for: ada)
            #expect(report.workoutSamplesAdded == 1 && report.routePoints == 5 && report.missingRouteFiles == 1)
            let server = ServerHealthReader(repository: harness.repository, user: ada)
            let expected = try await FullRecordsTests.answers(local)
            #expect(try await FullRecordsTests.answers(server) == expected)
            let workout = try #require(try await server.samples(of: .workout).value.first)
            #expect(workout.device?.model == "Watch" && workout.workout?.activities.count == 1)
            #expect(workout.workout?.statistics(for: .heartRate)?.maximum == 176)
            #expect(try await server.routes(ofWorkout: workout.uuid).map(\.count) == [3, 2])
            let mindful = try await server.samples(of: .mindfulSession).value
            #expect(mindful.first?.metadata["HKMetadataKeySyncVersion"] == .string("0.30000000000000004"))
        }
    }
}
