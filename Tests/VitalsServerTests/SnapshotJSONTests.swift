import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsServerStorage

@Suite("Snapshot JSON")
struct SnapshotJSONTests {
    @Test(
        "a snapshot's metrics are encoded flat beside its date and source, unknown ones left out, and read back equal")
    func flat() throws {
        var snapshot = HealthSnapshot(
            date: try LocalDate(parsing: "2025-11-16"), source: .healthKit,
            updatedAt: Date(timeIntervalSince1970: 1_763_294_400))
        snapshot.steps = 8500
        snapshot.activeCalories = 412.5
        snapshot.proteinLogged = true
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        #expect(
            text
                == #"{"activeCalories":412.5,"date":"2025-11-16","proteinLogged":true,"source":"HEALTHKIT","steps":8500,"updatedAt":"2025-11-16T12:00:00Z","verificationLevel":"DEVICE_VERIFIED"}"#
        )
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(HealthSnapshot.self, from: Data(text.utf8)) == snapshot)
    }

    @Test("a stored workout is the synced workout's keys beside its date and source, and reads back equal")
    func workoutRecordFlat() throws {
        let workout = SyncedWorkout(
            type: "running", durationMinutes: 30, calories: 250,
            startTime: Date(timeIntervalSince1970: 1_763_294_400))
        let record = WorkoutRecord(
            workout, source: .manual, calendar: Calendar.gregorian(in: TimeZone(identifier: "UTC")!))
        #expect(record.externalId == "running@1763294400000")
        #expect(record.durationMinutes == 30)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(
            text
                == #"{"calories":250,"date":"2025-11-16","durationMinutes":30,"externalId":"running@1763294400000","source":"MANUAL","startTime":"2025-11-16T12:00:00Z","type":"running"}"#
        )
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(WorkoutRecord.self, from: Data(text.utf8)) == record)
        let anonymous =
            #"{"date":"2025-11-16","durationMinutes":30,"source":"MANUAL","startTime":"2025-11-16T12:00:00Z","type":"running"}"#
        #expect(throws: DecodingError.self) { try decoder.decode(WorkoutRecord.self, from: Data(anonymous.utf8)) }
    }
}
