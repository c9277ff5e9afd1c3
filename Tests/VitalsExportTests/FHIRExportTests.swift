import Foundation
import Testing
import VitalsCore
import VitalsStore
import VitalsTestSupport

@testable import VitalsExport

/// FHIR R4 export: every resource valid for the R4B models and the vital-signs profile, counts matching the store.
@Suite("Export: FHIR R4 NDJSON checked by fhir.resources and fhirpathpy", .mayBlock)
struct FHIRExportTests {
    /// Exports `fixture` as FHIR into a new folder; returns the folder and the summary.
    static func export(_ fixture: ExportFixture) async throws -> (URL, ExportSummary) {
        let out = fixture.directory.appendingPathComponent("fhir")
        let directory = try ExportDirectory(url: out)
        let request = ExportRequest(
            range: fixture.range, zone: try .iana("America/New_York"),
            patient: PatientDetails(characteristics: [
                "HKCharacteristicTypeIdentifierDateOfBirth": "1990-05-20",
                "HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale",
            ]), pageSize: 500)
        let summary = try await Exporter.export(.fhir, from: fixture.store, request) { try directory.write($0, $1) }
        try directory.close()
        return (out, summary)
    }

    @Test("Every resource parses as R4B and meets the vital-signs invariants; Observations per code = samples per type")
    func validAndComplete() async throws {
        let fixture = try await ExportFixture.make()
        let (out, summary) = try await Self.export(fixture)
        let check = try ExportFixture.runScript("validate_fhir.py", [out.path])
        #expect(check.ok, "\(check.stderr.prefix(4000))")
        let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]
        let byCode = try #require(report?["observationsByCode"] as? [String: Int])
        let resources = try #require(report?["resources"] as? [String: Int])
        #expect(resources["Patient"] == 1)
        #expect((resources["Device"] ?? 0) > 1)

        // Every type of the store: its samples are the Observations of its code.
        var expected: [String: Int] = [:]
        for type in SampleType.all
        where ![.bloodPressure, .bloodPressureSystolic, .bloodPressureDiastolic, .food].contains(type) {
            let count = try await fixture.store.samples(
                of: type, matching: SamplePredicate(fixture.range, options: .strictStartDate)
            )
            .value.count
            guard count > 0 else { continue }
            let concept = FHIRConcept.of(type)
            expected[concept.loinc.first?.code ?? type.identifier, default: 0] += count
            #expect(summary.samples[type.identifier] == count, "\(type.shortName)")
            #expect(summary.withoutStandardCode.contains(type.identifier) == !concept.isStandard, "\(type.shortName)")
        }
        // Blood pressure: the correlation and the loose pair are one panel each, the lone systolic its own Observation.
        expected["85354-9"] = 2
        expected["8480-6"] = 1
        #expect(byCode == expected)
        #expect(summary.notExported == [SampleType.food.identifier])
        #expect(resources["Observation"] == expected.values.reduce(0, +))
    }

    @Test("The panel, units and the sample's own zone are written as the profile wants")
    func vitalSignsShape() async throws {
        let fixture = try await ExportFixture.make()
        let (out, _) = try await Self.export(fixture)
        let lines = try String(contentsOf: out.appendingPathComponent(FHIRExporter.observationFile), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let panel = try #require(lines.first { $0.contains("\"id\":\"00000000-0000-4000-8000-000000000003\"") })
        #expect(panel.contains("\"code\":\"85354-9\""))
        #expect(panel.contains("\"code\":\"8480-6\"") && panel.contains("\"code\":\"8462-4\""))
        #expect(panel.contains("\"value\":\"urn:uuid:00000000-0000-4000-8000-000000000001\""))
        let saturation = try #require(lines.first { $0.contains("000000000007") })
        // 0.97 as a fraction is 97 %; 1700000600 is 23:23:20 in Berlin.
        #expect(saturation.contains("\"unit\":\"%\",\"value\":97}"))
        #expect(saturation.contains("\"effectiveDateTime\":\"2023-11-14T23:23:20+01:00\""))
        #expect(saturation.contains("\"reference\":\"Device/"))
        let height = try #require(lines.first { $0.contains("000000000008") })
        #expect(
            height.contains("\"code\":\"cm\",\"system\":\"http://unitsofmeasure.org\",\"unit\":\"cm\",\"value\":180}"))
        let patient = try String(contentsOf: out.appendingPathComponent(FHIRExporter.patientFile), encoding: .utf8)
        #expect(
            patient
                == "{\"birthDate\":\"1990-05-20\",\"gender\":\"female\",\"id\":\"self\",\"resourceType\":\"Patient\"}\n"
        )
        // The same store exports the same bytes.
        let (again, _) = try await Self.export(fixture)
        #expect(
            try Data(contentsOf: again.appendingPathComponent(FHIRExporter.observationFile))
                == Data(contentsOf: out.appendingPathComponent(FHIRExporter.observationFile)))
    }

    @Test("A deliberately wrong resource fails the check, named by its rule")
    func wrongResourceFails() throws {
        let out = TestFolder.url("vitals-wrong")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("{\"id\":\"self\",\"resourceType\":\"Patient\"}\n".utf8).write(
            to: out.appendingPathComponent("Patient.ndjson"))
        // A heart rate without the vital-signs category, in beats per minute rather than UCUM's /min;
        // then one whose date is no FHIR dateTime.
        let wrong = """
            {"code":{"coding":[{"code":"8867-4","system":"http://loinc.org"},{"code":"HKQuantityTypeIdentifierHeartRate","system":"http://developer.apple.com/documentation/healthkit"}]},"effectiveDateTime":"2024-01-01T10:00:00Z","id":"a","identifier":[{"system":"urn:ietf:rfc:3986","value":"urn:uuid:00000000-0000-4000-8000-000000000001"}],"resourceType":"Observation","status":"final","subject":{"reference":"Patient/self"},"valueQuantity":{"code":"bpm","system":"http://unitsofmeasure.org","unit":"bpm","value":60}}
            {"code":{"text":"x"},"effectiveDateTime":"yesterday","id":"b","resourceType":"Observation","status":"final"}

            """
        try Data(wrong.utf8).write(to: out.appendingPathComponent("Observation.ndjson"))
        let check = try ExportFixture.runScript("validate_fhir.py", [out.path])
        #expect(!check.ok)
        #expect(check.stderr.contains("Observation.ndjson:1: vs-category"), "\(check.stderr)")
        #expect(check.stderr.contains("Observation.ndjson:2: R4B model: effectiveDateTime"), "\(check.stderr)")
    }
}
