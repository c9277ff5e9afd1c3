import Foundation
import Testing
import VitalsCore

/// `MetadataJSON.decode` reads back exactly what `encode` writes, what `SampleJSON.decodeMetadata` reads.
@Suite("Metadata JSON round trip")
struct MetadataJSONTests {
    static let metadata: Metadata = [
        "HKWasUserEntered": .bool(true),
        "HKMetadataKeyHeartRateMotionContext": .number(1),
        "HKAverageMETs": .quantity(Quantity(4.367, try! HealthUnit(parsing: "kcal/hr·kg"))),
        "HKWeatherTemperature": .quantity(Quantity(56, try! HealthUnit(parsing: "degF"))),
        "HKTimeZone": .string("Europe/Berlin"),
        "Withings Link": .string("withings://timeline?a=1&b=\"2\"\\ é 😀\n"),
        "HKMetadataKeySyncVersion": .number(0.1 + 0.2),
        "Modified": .date(Date(timeIntervalSince1970: 1_460_994_965.25)),
        "Empty": .string(""),
    ]

    @Test("Every kind of value survives encode then decode, equal to SampleJSON's reading")
    func roundTrip() throws {
        let text = MetadataJSON.encode(Self.metadata)
        #expect(MetadataJSON.decode(text) == Self.metadata)
        #expect(try SampleJSON.decodeMetadata(text) == Self.metadata)
        #expect(MetadataJSON.decode("{}") == [:])
    }

    @Test("Text that is not a metadata object reads as nil")
    func notMetadata() {
        for text in ["", "[]", "1", #"{"a": [1]}"#, #"{"a": null}"#, #"{"a": {"b": 1}}"#, "{"] {
            #expect(MetadataJSON.decode(text) == nil, "\(text)")
        }
    }
}

extension MetadataJSONTests {
    @Test("A workout sample survives its JSON Lines object exactly: long decimals, fractional times, metadata")
    func workoutLine() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000.125)
        let workout = Workout(
            activityType: .running,
            events: [
                WorkoutEvent(type: 1, start: start.addingTimeInterval(60.5), metadata: ["lap": .number(0.1 + 0.2)])
            ],
            statistics: [
                WorkoutStatistics(type: .activeEnergyBurned, unit: .kilocalorie, sum: 48.74499999999999),
                WorkoutStatistics(
                    type: .heartRate, unit: try HealthUnit(parsing: "count/min"), average: 0.1 + 0.2,
                    minimum: 61, maximum: 171.33333333333334),
            ],
            duration: 1_799.999)
        let sample = Sample(
            type: .workout, start: start, end: start.addingTimeInterval(1_800), content: .workout(workout),
            source: Source(name: "Zoe's Apple Watch", bundleIdentifier: "com.apple.health"),
            sourceVersion: "10.1", metadata: Self.metadata, creationDate: start.addingTimeInterval(1_900))
        let line = SampleJSON.line(for: sample, in: .gmt)
        #expect(try SampleJSON.decode(line: Data(line.utf8)) == sample)
    }
}
