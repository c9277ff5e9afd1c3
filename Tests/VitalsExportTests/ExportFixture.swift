import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsStore
import VitalsTestSupport

/// A store holding a real Apple Health export (`Tests/Fixtures/hkimport`) plus vital signs and blood pressure.
///
/// The export has steps, heart rate, energy, sleep, body mass, glucose, food and workouts; the
/// added samples cover what it lacks: a blood pressure correlation, a loose systolic/diastolic
/// pair, a lone systolic reading, SpO2, height, BMI, temperature and respiratory rate, with a
/// device and a sample's own zone.
struct ExportFixture {
    let directory: URL
    let store: SQLiteHealthStore
    /// Every sample starts in it.
    let range: DateRange

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let export = Fixtures.path("hkimport/export.xml")
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Python")

    /// The venv `scripts/setup.sh` makes (fhir.resources, fhirpathpy), or `VITALS_PYTHON`.
    static var python: String {
        ProcessInfo.processInfo.environment["VITALS_PYTHON"]
            ?? packageRoot.appendingPathComponent(".build-tools/venv/bin/python").path
    }

    /// Fails (never skips) when the venv is missing, saying how to make it.
    static func requirePython() throws -> String {
        let python = python
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            """
            Python with fhir.resources and fhirpathpy is not installed at \(python): run \
            `bash scripts/setup.sh` (or set VITALS_PYTHON)
            """)
        return python
    }

    /// Runs a script of `Python/` with `arguments`; returns the exit status, stdout and stderr.
    static func runScript(_ script: String, _ arguments: [String]) throws -> (ok: Bool, stdout: String, stderr: String)
    {
        let run = try ChildProcess.run(
            try requirePython(), [scripts.appendingPathComponent(script).path] + arguments,
            environment: ProcessInfo.processInfo.environment)
        return (
            run.termination == .exit(0), String(decoding: run.stdout, as: UTF8.self),
            String(decoding: run.stderr, as: UTF8.self)
        )
    }

    static let cuff = Source(name: "Cuff App", bundleIdentifier: "com.example.cuff")
    static let watch = Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", softwareVersion: "10.1")

    /// A new store in a temporary folder with the fixture imported and the extra samples saved.
    static func make() async throws -> ExportFixture {
        let directory = TestFolder.url("vitals-export")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteHealthStore(path: directory.appendingPathComponent("store.sqlite").path)
        _ = try await HealthExportImporter(store: store).importExport(at: export)
        try await store.save(extraSamples(), duplicates: .fail)
        let range = try DateRange(
            start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_102_444_800))
        return ExportFixture(directory: directory, store: store, range: range)
    }

    /// The samples the export lacks, at fixed UUIDs and times.
    static func extraSamples() -> [Sample] {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        func at(_ minutes: Double) -> Date { base.addingTimeInterval(minutes * 60) }
        func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))! }
        let berlin: Metadata = [MetadataValue.timeZoneKey: .string("Europe/Berlin")]
        let systolic = Sample.quantity(
            .bloodPressureSystolic, 121, .millimeterOfMercury, start: at(0), source: cuff, uuid: id(1))
        let diastolic = Sample.quantity(
            .bloodPressureDiastolic, 79, .millimeterOfMercury, start: at(0), source: cuff, uuid: id(2))
        let correlation = Sample(
            uuid: id(3), type: .bloodPressure, start: at(0), end: at(0),
            content: .correlation([systolic, diastolic]), source: cuff)
        return [
            correlation,
            .quantity(.bloodPressureSystolic, 131, .millimeterOfMercury, start: at(60), source: cuff, uuid: id(4)),
            .quantity(.bloodPressureDiastolic, 86, .millimeterOfMercury, start: at(60), source: cuff, uuid: id(5)),
            .quantity(.bloodPressureSystolic, 140, .millimeterOfMercury, start: at(120), source: cuff, uuid: id(6)),
            .quantity(
                .oxygenSaturation, 0.97, .percent, start: at(10), source: cuff, device: watch, metadata: berlin,
                uuid: id(7)),
            .quantity(.height, 1.8, .meter, start: at(11), source: cuff, uuid: id(8)),
            .quantity(.bodyMassIndex, 23.1, .count, start: at(12), source: cuff, uuid: id(9)),
            .quantity(.bodyTemperature, 36.8, .degreeCelsius, start: at(13), source: cuff, uuid: id(10)),
            .quantity(
                .respiratoryRate, 14, .countPerMinute, start: at(14), end: at(15), source: cuff, device: watch,
                uuid: id(11)),
        ]
    }
}
