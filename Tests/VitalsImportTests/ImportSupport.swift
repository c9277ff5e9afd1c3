import Foundation
import VitalsCore
import VitalsImport
import VitalsStore
import VitalsTestSupport
import ZIPFoundation

/// A temporary folder with a store, for import tests.
struct ImportWorkspace {
    let directory: URL
    let store: SQLiteHealthStore

    init() throws {
        directory = TestFolder.url("vitals-import")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = .gregorian(in: .gmt)
        store = try SQLiteHealthStore(
            path: directory.appendingPathComponent("store.sqlite").path, configuration: configuration)
    }

    func importExport(_ path: String) async throws -> ImportReport {
        try await HealthExportImporter(store: store).importExport(at: path)
    }

    /// Writes `text` to a file in the workspace.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Writes a zip with the given entries (path → contents).
    func zip(_ name: String, _ entries: [(String, String)]) throws -> String {
        let url = directory.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in entries {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url.path
    }

    /// Counts of every stored type.
    func counts() async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await store.typeSummaries().map { ($0.type.shortName, $0.count) })
    }
}

/// Small exports written for the format's traps.
enum ExportText {
    static let header = """
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

    static func document(_ body: String, dtd: String = header) -> String {
        dtd + "<HealthData locale=\"en_US\">\n <ExportDate value=\"2024-03-01 09:00:00 +0100\"/>\n" + body
            + "\n</HealthData>\n"
    }

    static func steps(_ value: Int, at minute: Int, source: String = "Anna’s iPhone") -> String {
        let start = String(format: "2024-02-01 08:%02d:00 +0100", minute)
        let end = String(format: "2024-02-01 08:%02d:59 +0100", minute)
        return
            #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(source)" sourceVersion="17.2" device="&lt;&lt;HKDevice: 0x2834&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2&gt;" unit="count" creationDate="\#(end)" startDate="\#(start)" endDate="\#(end)" value="\#(value)"/>"#
    }
}
