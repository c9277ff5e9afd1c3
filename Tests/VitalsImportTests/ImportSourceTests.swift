import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsStore
import VitalsTesting

/// The export is found and checked before the import takes the store's write lock.
@Suite("Import source opened first")
struct ImportSourceTests {
    /// Holds the store's write lock until `release` is signalled (or 30 s pass), and says which.
    static func holdWriteLock(
        _ store: SQLiteHealthStore, until release: DispatchSemaphore,
        holding: DispatchSemaphore
    ) -> Task<Bool, any Error> {
        Task {
            try await store.bulkWrite { _ in
                holding.signal()
                // Long enough for a loaded full run to get round to the import (over 30 s was seen);
                // an import that waited for this lock would still fail the test, only later.
                return release.wait(timeout: .now() + 300) == .success
            }
        }
    }

    @Test(
        "a missing path, a zip without an export and a folder without one fail while another write holds the lock",
        arguments: ["missing", "zip", "folder"])
    func failsWithoutWaiting(_ kind: String) async throws {
        let workspace = try ImportWorkspace()
        let path: String
        switch kind {
        case "missing": path = workspace.directory.appendingPathComponent("no-such-export.zip").path
        case "zip": path = try workspace.zip("export.zip", [("apple_health_export/notes.txt", "not an export")])
        default:
            try workspace.write("folder/readme.xml", "<notHealth/>")
            path = workspace.directory.appendingPathComponent("folder").path
        }
        let release = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        let holder = Self.holdWriteLock(workspace.store, until: release, holding: holding)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                holding.wait(); continuation.resume()
            }
        }
        // The lock is held: an import that took it first would wait here until the holder gives up.
        let error = await #expect(throws: VitalsError.self) {
            try await HealthExportImporter(store: workspace.store).importExport(at: path)
        }
        release.signal()
        #expect(try await holder.value, "the import waited for the write lock before finding its export")
        #expect(error?.location?.file == path)
    }

    @Test("a zip import still reads its routes from the archive on the parsing thread")
    func zipRoutes() async throws {
        let workspace = try ImportWorkspace()
        let route = """
            <?xml version="1.0"?><gpx><trk><trkseg>\
            <trkpt lon="13.4" lat="52.5"><ele>34</ele><time>2024-02-01T07:10:00Z</time></trkpt>\
            <trkpt lon="13.5" lat="52.6"><ele>35</ele><time>2024-02-01T07:20:00Z</time></trkpt>\
            </trkseg></trk></gpx>
            """
        let workout = #"""
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="2024-02-01 08:00:00 +0100" endDate="2024-02-01 08:30:00 +0100"><WorkoutRoute sourceName="Watch" startDate="2024-02-01 08:00:00 +0100" endDate="2024-02-01 08:30:00 +0100"><FileReference path="/workout-routes/route_1.gpx"/></WorkoutRoute></Workout>
            """#
        let zip = try workspace.zip(
            "export.zip",
            [
                ("apple_health_export/export.xml", ExportText.version12Document(workout)),
                ("apple_health_export/workout-routes/route_1.gpx", route),
            ])
        let report = try await HealthExportImporter(store: workspace.store).importExport(at: zip)
        #expect(report.added == 1)
        #expect(report.routePoints == 2 && report.missingRouteFiles == 0)
    }
}
