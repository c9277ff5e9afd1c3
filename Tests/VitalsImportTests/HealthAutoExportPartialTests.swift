import Foundation
import Testing
import VitalsCore
import VitalsTestSupport

@testable import VitalsImport

/// One bad item never blocks the rest (issue 15, item 2): unreadable items are left out and
/// reported with their JSON path; strict parsing keeps all or nothing.
@Suite("Health Auto Export partial acceptance")
struct HealthAutoExportPartialTests {
    func partial(strict: Bool = false) throws -> HealthAutoExportBatch {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("hae/partial.json"))
        return try HealthAutoExportParser(strict: strict).parse(data, file: "partial.json")
    }

    @Test("Unreadable items are skipped with path and reason; every readable item is kept")
    func skipsUnreadableItems() throws {
        let batch = try partial()
        #expect(batch.samples.map(\.type) == [.stepCount, .stepCount, .heartRate, .workout])
        #expect(batch.samples.compactMap(\.quantity?.value) == [120, 40, 65])
        let unreadable = batch.skipped.filter { $0.path != nil }
        #expect(
            unreadable.map(\.path) == [
                "data.metrics[0].data[1].qty", "data.metrics[0].data[2].date", "data.metrics[0].data[3]",
                "data.metrics[1].units", "data.metrics[2].data[0].Min", "data.metrics[3].name",
                "data.workouts[1].distance.qty", "data.symptoms[0].severity",
            ])
        #expect(
            unreadable.map(\.name) == [
                "step_count", "step_count", "step_count", "walking_running_distance",
                "heart_rate", "data.metrics", "workouts", "data.symptoms",
            ])
        #expect(unreadable.map(\.count) == [1, 1, 1, 2, 1, 1, 1, 1])
        #expect(batch.unreadable.map(\.location?.field) == unreadable.map(\.path))
        #expect(batch.unreadable.allSatisfy { $0.location?.file == "partial.json" })
        #expect(unreadable[0].reason.hasPrefix("invalidInput: expected a number"))
        #expect(unreadable[1].reason.hasPrefix("invalidDate:"))
        // Reasons name what was expected, never the values sent (a unit string is named).
        for secret in ["lots", "June", "17", "90", "far", "Apocalyptic"] {
            #expect(unreadable.allSatisfy { !$0.reason.contains(secret) }, "\(secret)")
        }
    }

    @Test("Strict parsing fails on the first unreadable item, at its path")
    func strictFailsWhole() throws {
        do {
            _ = try partial(strict: true)
            Issue.record("a strict parse of partial.json succeeded")
        } catch {
            let error = try #require(error as? VitalsError)
            #expect(error.code == .invalidInput)
            #expect(error.location == InputLocation(file: "partial.json", field: "data.metrics[0].data[1].qty"))
        }
    }

    @Test("A value that fails validation is skipped alone, located at its member")
    func validationFailureSkipped() throws {
        let json =
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": -731, "date": "2024-01-01 08:00:00 +0000"}, {"qty": 3, "date": "2024-01-01 08:01:00 +0000"}]}]}}"#
        let batch = try HealthAutoExportParser().parse(Data(json.utf8), file: "inline.json")
        #expect(batch.samples.count == 1)
        #expect(batch.skipped.map(\.path) == ["data.metrics[0].data[0].qty"])
        #expect(batch.skipped.map(\.name) == ["step_count"])
        #expect(!batch.skipped[0].reason.contains("731"))
    }

    @Test(
        "Only a body that is not JSON, not an object or without a data object is refused whole",
        arguments: ["{\"data\": ", "[1, 2]", "{\"metrics\": []}", "{\"data\": []}"])
    func refusedWhole(json: String) {
        #expect(throws: VitalsError.self) { try HealthAutoExportParser().parse(Data(json.utf8), file: "inline.json") }
    }

    @Test("A wrong metrics or workouts member skips that part only")
    func wrongSections() throws {
        let json = #"{"data": {"metrics": {}, "workouts": 3, "symptoms": "none"}}"#
        let batch = try HealthAutoExportParser().parse(Data(json.utf8), file: "inline.json")
        #expect(batch.samples.isEmpty)
        #expect(batch.skipped.map(\.path) == ["data.metrics", "data.workouts", "data.symptoms"])
    }
}
