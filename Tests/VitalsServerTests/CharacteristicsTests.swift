import Foundation
import Testing
import VitalsCore
import VitalsTestSupport
import VitalsTesting

@testable import VitalsPostgres
@testable import VitalsServerStorage

/// Issue 19, part B: the server keeps a user's characteristics (an uploaded export's `Me`
/// element), so their FHIR Patient has a birth date and gender; erased with their data, moved by
/// `vitals migrate`.
@Suite("Server: a user's characteristics from an imported export")
struct CharacteristicsTests {
    /// The fixture's `Me` element: every characteristic Apple Health exports.
    static let fixtureCharacteristics = [
        "HKCharacteristicTypeIdentifierDateOfBirth": "1990-05-20",
        "HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexMale",
        "HKCharacteristicTypeIdentifierBloodType": "HKBloodTypeANegative",
        "HKCharacteristicTypeIdentifierFitzpatrickSkinType": "HKFitzpatrickSkinTypeNotSet",
        "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse": "None",
    ]

    /// The first line of the user's FHIR export: their Patient.
    ///
    /// One type and a year are asked for (the Patient is written whatever they are): an export of
    /// every type for all time reads each type and blood pressure a year at a time (130 years),
    /// which can overrun the live client's 15 s timeout when the whole suite loads the machine.
    static func patient(_ harness: Harness, _ token: String) async throws -> [String: Any] {
        let reply = try await harness.send(
            .get, "/api/me/export?format=fhir&type=heartRate&from=2024-01-01&to=2025-01-01",
            token: token)
        try #require(reply.status == .ok)
        let first = try #require(reply.text.split(separator: "\n").first)
        let patient = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        try #require(patient["resourceType"] as? String == "Patient")
        return patient
    }

    /// Uploads the export at `path` for `token` and waits for its import to succeed.
    static func upload(_ harness: Harness, _ token: String, _ path: String) async throws -> ExportImportReport {
        let job = try await harness.queuedJob(token, try Data(contentsOf: URL(fileURLWithPath: path)))
        let done = try await harness.finishedJob(token, job.id)
        try #require(done.state == .succeeded, "\(done.error?.message ?? "")")
        return try #require(done.report)
    }

    @Test(
        "An uploaded export's Me element gives the FHIR Patient its birth date and gender; a later import replaces it",
        arguments: Backend.allCases)
    func uploadedPatient(backend: Backend) async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(backend, configuration: .uploads(into: folder.path), setup: .live) { harness in
            let (ada, token) = try await harness.user("ada", timeZone: "Europe/Amsterdam")
            let (_, bobToken) = try await harness.user("bob")
            let report = try await Self.upload(harness, token, ExportText.fixture("apple-health-parser/export.zip"))
            #expect(report.characteristics == 5 && report.notKept["Me"] == nil)
            #expect(try await harness.repository.characteristics(of: ada) == Self.fixtureCharacteristics)
            #expect(try await harness.export(token).characteristics == Self.fixtureCharacteristics)
            let patient = try await Self.patient(harness, token)
            #expect(patient["birthDate"] as? String == "1990-05-20" && patient["gender"] as? String == "male")
            // Another user's Patient stays bare.
            let other = try await Self.patient(harness, bobToken)
            #expect(other["birthDate"] == nil && other["gender"] == nil)

            // A later export's Me element replaces them all: its only characteristic is the sex.
            let path = try ExportText.write(
                ExportText.document(ExportText.steps(400, from: "08:00:00", to: "08:10:00")))
            defer { ExportText.remove(path) }
            #expect(try await Self.upload(harness, token, path).characteristics == 1)
            #expect(
                try await harness.repository.characteristics(of: ada)
                    == ["HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale"])
            let replaced = try await Self.patient(harness, token)
            #expect(replaced["birthDate"] == nil && replaced["gender"] as? String == "female")
        }
    }

    @Test(
        "Erasing the user's data forgets their characteristics; the Patient is bare again", arguments: Backend.allCases)
    func eraseForgets(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            let (bob, _) = try await harness.user("bob")
            let service = ExportImportTests.service(harness)
            _ = try await service.importExport(at: ExportText.fixture("apple-health-parser/export.zip"), for: ada)
            _ = try await service.importExport(at: ExportText.fixture("apple-health-parser/export.zip"), for: bob)
            #expect(try await Self.patient(harness, token)["birthDate"] as? String == "1990-05-20")

            let erased = try await harness.send(.delete, "/api/me/data", token: token)
            #expect(erased.status == .ok)
            let counts = try #require(erased.object["erased"] as? [String: Any])
            #expect((counts["characteristics"] as? NSNumber)?.intValue == 5)
            #expect(try await harness.repository.characteristics(of: ada).isEmpty)
            #expect(try await harness.export(token).characteristics.isEmpty)
            let patient = try await Self.patient(harness, token)
            #expect(patient["birthDate"] == nil && patient["gender"] == nil)
            // Bob's stay.
            #expect(try await harness.repository.characteristics(of: bob) == Self.fixtureCharacteristics)
        }
    }

    @Test("vitals migrate copies each user's characteristics into PostgreSQL, counted and verified")
    func migrateCopies() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            let (ada, _) = try await sqlite.user("ada")
            let (bob, _) = try await sqlite.user("bob")
            let service = ExportImportTests.service(sqlite)
            _ = try await service.importExport(at: ExportText.fixture("apple-health-parser/export.zip"), for: ada)
            let path = try ExportText.write(
                ExportText.document(ExportText.steps(400, from: "08:00:00", to: "08:10:00")))
            defer { ExportText.remove(path) }
            _ = try await service.importExport(at: path, for: bob)

            let url = try await TestPostgres.shared.newDatabase()
            let report = try await MigrationTests.migrate(sqlite.repository, to: url)
            #expect(report.verified && report.rows["characteristics"] == 6)
            for user in report.users {
                #expect(user.sourceCounts["characteristics"] == user.targetCounts["characteristics"])
            }
            try await PostgresRepository.withRepository(url: url) { postgres in
                let users = try await postgres.users()
                let moved = try #require(users.first { $0.name == "ada" })
                let movedBob = try #require(users.first { $0.name == "bob" })
                #expect(try await postgres.characteristics(of: moved) == Self.fixtureCharacteristics)
                #expect(
                    try await postgres.characteristics(of: movedBob)
                        == ["HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale"])
            }
        }
    }
}
