import Foundation

/// Small Apple Health exports (`export.xml`), for tests of anything that imports them.
///
/// ``document(_:)`` is a plain export, ``version12Document(_:dtd:)`` one as iOS 17 writes it,
/// with the traps of its DTD.
public enum ExportText {
    /// A short, well-formed internal DTD.
    public static let dtd = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        ]>

        """

    /// The internal DTD of an iOS 17 export (version 12), with its traps: an `ATTLIST` never
    /// closed and a `>` inside a quoted default.
    public static let version12DTD = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
        <!ATTLIST Workout
          workoutActivityType   CDATA #REQUIRED
          duration              CDATA #IMPLIED
        <!-- the real v12 DTD is malformed about here: an ATTLIST never closed -->
        <!ELEMENT WorkoutActivity ((WorkoutEvent|WorkoutStatistics|MetadataEntry)*)>
        <!ATTLIST WorkoutActivity
          uuid CDATA #REQUIRED
          startDate CDATA #REQUIRED ">"
        >
        ]>

        """

    /// A whole export around `body` (top-level elements): exported 2024-06-03, a `Me` element.
    public static func document(_ body: String) -> String {
        export(
            body, dtd: dtd, exportDate: "2024-06-03 09:00:00 +0000",
            me: #"<Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>"#)
    }

    /// A whole export around `body` as iOS 17 writes it: `dtd` (the version 12 one by default),
    /// exported 2024-03-01 in Berlin, no `Me` element.
    public static func version12Document(_ body: String, dtd: String = version12DTD) -> String {
        export(body, dtd: dtd, exportDate: "2024-03-01 09:00:00 +0100", me: nil)
    }

    private static func export(_ body: String, dtd: String, exportDate: String, me: String?) -> String {
        dtd + "<HealthData locale=\"en_US\">\n <ExportDate value=\"\(exportDate)\"/>\n"
            + (me.map { " \($0)\n" } ?? "") + body + "\n</HealthData>\n"
    }

    /// A step count record, times as `HH:mm:ss` on `day` (UTC).
    public static func steps(
        _ count: Int, day: String = "2024-06-01", from start: String, to end: String,
        source: String = "Anna's iPhone"
    ) -> String {
        #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(source)" unit="count" "#
            + #"creationDate="\#(day) \#(end) +0000" startDate="\#(day) \#(start) +0000" "#
            + #"endDate="\#(day) \#(end) +0000" value="\#(count)"/>"#
    }

    /// A 30-minute run from the watch.
    public static func run(
        day: String = "2024-06-01", at start: String = "07:00:00", end: String = "07:30:00"
    ) -> String {
        #" <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" "#
            + #"totalEnergyBurned="250" totalEnergyBurnedUnit="kcal" sourceName="Anna's Apple Watch" "#
            + #"startDate="\#(day) \#(start) +0000" endDate="\#(day) \#(end) +0000"/>"#
    }

    /// A step count record at minute `minute` of 08:00 on 2024-02-01 (Berlin), from an iPhone
    /// whose device string is escaped as the export escapes it.
    public static func steps(_ value: Int, at minute: Int, source: String = "Anna’s iPhone") -> String {
        let start = String(format: "2024-02-01 08:%02d:00 +0100", minute)
        let end = String(format: "2024-02-01 08:%02d:59 +0100", minute)
        return
            #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(source)" sourceVersion="17.2" device="&lt;&lt;HKDevice: 0x2834&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2&gt;" unit="count" creationDate="\#(end)" startDate="\#(start)" endDate="\#(end)" value="\#(value)"/>"#
    }
}
