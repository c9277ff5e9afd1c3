import Foundation
import VitalsTestSupport

/// Small Apple Health exports written by the tests, and the real ones in `Tests/Fixtures`.
enum ExportText {
    /// `Tests/Fixtures/relative`.
    static func fixture(_ relative: String) -> String { Fixtures.path(relative) }

    /// A whole export around `body` (top-level elements).
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-03 09:00:00 +0000"/>
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
        \(body)
        </HealthData>

        """
    }

    /// A step count record, times as `HH:mm:ss` on `day` (UTC).
    static func steps(
        _ count: Int, day: String = "2024-06-01", from start: String, to end: String,
        source: String = "Anna's iPhone"
    ) -> String {
        #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(source)" unit="count" "#
            + #"creationDate="\#(day) \#(end) +0000" startDate="\#(day) \#(start) +0000" "#
            + #"endDate="\#(day) \#(end) +0000" value="\#(count)"/>"#
    }

    /// A 30-minute run from the watch.
    static func run(day: String = "2024-06-01", at start: String = "07:00:00", end: String = "07:30:00") -> String {
        #" <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" "#
            + #"totalEnergyBurned="250" totalEnergyBurnedUnit="kcal" sourceName="Anna's Apple Watch" "#
            + #"startDate="\#(day) \#(start) +0000" endDate="\#(day) \#(end) +0000"/>"#
    }

    /// Writes `text` to a new temporary file; returns its path.
    static func write(_ text: String, name: String = "export.xml") throws -> String {
        let folder = TestFolder.url("vitals-export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Removes a file `write` made, with its folder.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}
