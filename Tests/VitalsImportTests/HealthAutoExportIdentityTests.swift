import Foundation
import Testing
import VitalsCore

@testable import VitalsImport

/// The identity keys of the item shapes whose value is more than one number: a UUID that changes
/// between releases would store a re-sent document's samples twice.
@Suite("Health Auto Export identity keys")
struct HealthAutoExportIdentityTests {
    func parse(_ metric: String, units: String, items: String) throws -> [Sample] {
        let json = #"{"data": {"metrics": [{"name": "\#(metric)", "units": "\#(units)", "data": [\#(items)]}]}}"#
        return try HealthAutoExportParser().parse(Data(json.utf8), file: "inline.json").samples
    }

    @Test("Heart rate: Avg/Min/Max as sent, a repeat gets |#1, and a plain qty item has no Min or Max")
    func heartRate() throws {
        let item = #"{"Min": 55, "Avg": 62.5, "Max": 90, "date": "2024-01-01 08:00:00 +0000", "source": "Watch"}"#
        let samples = try parse(
            "heart_rate", units: "count/min",
            items: "\(item), \(item), {\"qty\": 70, \"date\": \"2024-01-01 08:01:00 +0000\"}")
        let key = "hae1|HKQuantityTypeIdentifierHeartRate|1704096000000|1704096000000|62.5/55.0/90.0 count/min|Watch"
        #expect(
            samples.map(\.uuid) == [
                DeterministicUUID.make(key),
                DeterministicUUID.make(key + "|#1"),
                DeterministicUUID.make(
                    "hae1|HKQuantityTypeIdentifierHeartRate|1704096060000|1704096060000|70.0/-/- count/min|"),
            ])
    }

    @Test("Blood pressure: the correlation and each member take their keys from systolic/diastolic")
    func bloodPressure() throws {
        let samples = try parse(
            "blood_pressure", units: "mmHg",
            items: #"{"systolic": 121, "diastolic": 79.5, "date": "2024-01-01 08:00:00 +0000"}"#)
        let key = "hae1|HKCorrelationTypeIdentifierBloodPressure|1704096000000|1704096000000|121.0/79.5 mmHg|"
        #expect(samples.map(\.uuid) == [DeterministicUUID.make(key)])
        guard case .correlation(let members)? = samples.first?.content else {
            Issue.record("expected a correlation")
            return
        }
        #expect(
            members.map(\.uuid) == [
                DeterministicUUID.make(key + "|HKQuantityTypeIdentifierBloodPressureSystolic"),
                DeterministicUUID.make(key + "|HKQuantityTypeIdentifierBloodPressureDiastolic"),
            ])
    }
}
