import Foundation
import Testing
import VitalsCore
import VitalsTesting

@testable import VitalsImport

/// The parser's hand-over: what a batch holds, and that the parser runs ahead only so far.
@Suite("Import pump: batches sized by weight, parsed in a child task")
struct ExportPumpTests {
    /// An export folder with `count` workouts, each with a route of `points` points.
    private func workouts(_ count: Int, points: Int, in workspace: ImportWorkspace) throws -> String {
        let trackPoints = (0..<points).map { index in
            #"<trkpt lon="13.\#(index)" lat="52.\#(index)"><ele>34</ele><time>2024-02-01T07:00:00Z</time></trkpt>"#
        }.joined(separator: "\n")
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1"><trk><trkseg>
            \(trackPoints)
            </trkseg></trk></gpx>
            """
        var body: [String] = []
        for index in 0..<count {
            let day = String(format: "2024-03-%02d", index % 28 + 1)
            let hour = String(format: "%02d", index / 28)
            let span = #"startDate="\#(day) \#(hour):00:00 +0000" endDate="\#(day) \#(hour):30:00 +0000""#
            body.append(
                #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" "#
                    + #"sourceName="Watch" \#(span)><WorkoutRoute sourceName="Watch" \#(span)>"#
                    + #"<FileReference path="/workout-routes/route_\#(index).gpx"/></WorkoutRoute></Workout>"#)
            try workspace.write("apple_health_export/workout-routes/route_\(index).gpx", gpx)
        }
        let xml = ExportText.version12Document(body.joined(separator: "\n"))
        try workspace.write("apple_health_export/export.xml", xml)
        return workspace.directory.appendingPathComponent("apple_health_export").path
    }

    @Test("Workouts with long routes go a few to a batch; plain records 512 to a batch; nothing is lost")
    func weights() async throws {
        let workspace = try ImportWorkspace()
        let path = try workouts(120, points: 1_000, in: workspace)
        let pump = ExportPump(source: try ExportSource(path: path), options: .init())
        var batches: [(workouts: Int, points: Int)] = []
        try await pump.run {
            while let batch = try await pump.next() {
                var tally = (workouts: 0, points: 0)
                for case .workout(_, let routes) in batch {
                    tally.workouts += 1
                    tally.points += routes.reduce(0) { $0 + $1.points.count }
                }
                batches.append(tally)
            }
        }
        #expect(batches.reduce(0) { $0 + $1.workouts } == 120)
        #expect(batches.reduce(0) { $0 + $1.points } == 120_000)
        // 1 + 1,000 / 16 = 63 each: nine workouts make a batch of weight >= 512.
        #expect(batches.map(\.workouts).max() == 9, "\(batches.map(\.workouts))")

        let records = ExportText.version12Document(
            (0..<1_500).map { index in
                ExportText.steps(
                    index + 1, day: "2024-06-0\(index / 1_440 + 1)",
                    from: String(format: "%02d:%02d:00", index % 1_440 / 60, index % 60),
                    to: String(format: "%02d:%02d:59", index % 1_440 / 60, index % 60))
            }.joined(separator: "\n"))
        let plain = ExportPump(
            source: try ExportSource(path: try workspace.write("records.xml", records)), options: .init())
        var sizes: [Int] = []
        try await plain.run {
            while let batch = try await plain.next() { sizes.append(batch.count) }
        }
        #expect(sizes.reduce(0, +) >= 1_500)
        #expect(sizes.dropLast().allSatisfy { $0 == 512 }, "\(sizes)")
    }
}
