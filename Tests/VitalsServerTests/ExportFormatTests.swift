import Foundation
import Testing
import VitalsCore
import VitalsExport
import VitalsTestSupport
import VitalsTesting

@testable import VitalsServer
@testable import VitalsServerStorage

/// `GET /api/me/export?format=fhir|csv|jsonl`: the CLI's exporters, streamed over the user's read view, on both backends.
@Suite("Server: the export streamed as FHIR NDJSON, CSV and JSON Lines")
struct ExportFormatTests {
    /// A real export and a blood pressure reading from Health Auto Export for `user`.
    static func fill(_ harness: Harness, _ user: ServerUser, token: String) async throws {
        let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
        _ = try await service.importExport(at: ExportText.fixture("apple-health-parser/export.zip"), for: user)
        let pressure =
            #"{"data": {"metrics": [{"name": "blood_pressure", "units": "mmHg", "data": [{"systolic": 121, "diastolic": 79, "date": "2024-06-01 07:00:00 +0000", "source": "Cuff"}]}]}}"#
        #expect(try await harness.ingest(token, pressure).status == .ok)
    }

    @Test(
        "fhir: the Patient first, then the exporter's resources byte for byte; Observations per type = samples",
        arguments: Backend.allCases)
    func fhir(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada", timeZone: "Europe/Amsterdam")
            let (_, bobToken) = try await harness.user("bob")
            try await Self.fill(harness, ada, token: token)
            let reply = try await harness.send(.get, "/api/me/export?format=fhir", token: token)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "application/fhir+ndjson")
            let lines = reply.text.split(separator: "\n").map(String.init)
            let resources = lines.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(resources.count == lines.count)
            #expect(resources.first?["resourceType"] as? String == "Patient")
            // What the exporter writes from the user's read view, all files in one stream.
            var expected: [UInt8] = []
            let request = ExportRequest(
                range: try DateRange(
                    start: Date(timeIntervalSince1970: 0),
                    end: Date(timeIntervalSince1970: 4_102_444_800)),
                zone: try .iana("Europe/Amsterdam"),
                patient: PatientDetails(birthDate: "1990-05-20", gender: "male"))
            _ = try await Exporter.export(
                .fhir, from: ServerHealthReader(repository: harness.repository, user: ada), request
            ) {
                expected += $1
            }
            #expect(Array(reply.body) == expected)
            // 8 records and a blood pressure reading, which the server keeps as a systolic and a diastolic sample:
            // 9 Observations, the pair one 85354-9 panel.
            let observations = resources.filter { $0["resourceType"] as? String == "Observation" }
            let samples = try await harness.export(token).samples
            #expect(observations.count == 9 && samples.count == 10)
            #expect(
                reply.text.contains("\"code\":\"85354-9\"") && reply.text.contains("\"reference\":\"Patient/self\""))
            // Another user's stream holds only their Patient.
            let other = try await harness.send(.get, "/api/me/export?format=fhir", token: bobToken)
            #expect(other.text == "{\"id\":\"self\",\"resourceType\":\"Patient\"}\n")
        }
    }

    @Test(
        "csv: one type's rows (type required), daily=true its days; jsonl: the round-trip lines; bad queries 400",
        arguments: Backend.allCases)
    func csvAndJSONLines(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, token) = try await harness.user("ada")
            try await Self.fill(harness, ada, token: token)
            let csv = try await harness.send(.get, "/api/me/export?format=csv&type=heartRate", token: token)
            #expect(csv.status == .ok && csv.headers[.contentType] == "text/csv; charset=utf-8")
            let rows = csv.text.split(separator: "\n").map(String.init)
            let heartRates = try await harness.export(token).samples.filter {
                $0.type == SampleType.heartRate.identifier
            }
            #expect(rows.first == CSVExporter.header && rows.count == heartRates.count + 1 && !heartRates.isEmpty)
            let daily = try await harness.send(
                .get, "/api/me/export?format=csv&type=heartRate&daily=true", token: token)
            #expect(daily.text.hasPrefix(CSVExporter.dailyHeader + "\n"))
            let jsonl = try await harness.send(.get, "/api/me/export?format=jsonl", token: token)
            #expect(jsonl.status == .ok && jsonl.headers[.contentType] == "application/x-ndjson")
            let decoded = try SampleJSON.decodeLines(jsonl.body, file: "export")
            #expect(decoded.count == 10 && decoded.contains { $0.type == .bloodPressureSystolic })
            let noType = try await harness.send(.get, "/api/me/export?format=csv", token: token)
            #expect(noType.status == .badRequest && noType.errorField == "type")
            let badFormat = try await harness.send(.get, "/api/me/export?format=xml", token: token)
            #expect(badFormat.status == .badRequest && badFormat.errorField == "format")
            // from/to: samples that start in [from, to), days in the user's zone (UTC here) or instants.
            let all = try await harness.export(token).samples
            let (from, to) = (Date(timeIntervalSince1970: 1_717_200_000), Date(timeIntervalSince1970: 1_717_286_400))
            let inDay = all.filter { $0.start >= from && $0.start < to }
            for query in ["from=2024-06-01&to=2024-06-02", "from=2024-06-01T00:00:00Z&to=2024-06-02T00:00:00Z"] {
                let window = try await harness.send(.get, "/api/me/export?format=jsonl&\(query)", token: token)
                let lines = try SampleJSON.decodeLines(window.body, file: "export")
                #expect(window.status == .ok && !inDay.isEmpty && inDay.count < all.count, "\(query)")
                #expect(Set(lines.map(\.uuid)) == Set(inDay.map(\.uuid)), "\(query)")
            }
            // One bound alone is open on the other side, however far out it is: an empty window, not a 400.
            for query in ["from=6119-08-06", "to=1960-01-01"] {
                let empty = try await harness.send(.get, "/api/me/export?format=jsonl&\(query)", token: token)
                #expect(empty.status == .ok && empty.body.isEmpty, "\(query)")
            }
            for (query, field) in [
                ("format=jsonl&from=June", "from"), ("format=fhir&from=2024-06-02&to=2024-06-01", "from"),
                ("format=json&to=2024-06-01", "to"), ("from=2024-06-01", "from"),
            ] {
                let refused = try await harness.send(.get, "/api/me/export?\(query)", token: token)
                #expect(refused.status == .badRequest && refused.errorField == field, "\(query)")
            }
            let json = try await harness.send(.get, "/api/me/export?format=json", token: token)
            let exported = try json.decode(UserExport.self)
            #expect(json.status == .ok && exported.samples.count >= 9)
        }
    }
}
