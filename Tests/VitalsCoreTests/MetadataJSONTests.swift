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
        // SampleJSON (JSONSerialization) reads the same keys and kinds; on Linux it can lose the
        // last bit of a number such as 0.1 + 0.2, which decode keeps.
        let foundation = try SampleJSON.decodeMetadata(text)
        #expect(foundation.keys.sorted() == Self.metadata.keys.sorted())
        for key in Self.metadata.keys.sorted() where key != "HKMetadataKeySyncVersion" {
            #expect(foundation[key] == Self.metadata[key], "\(key)")
        }
        #expect(MetadataJSON.decode("{}") == [:])
    }

    @Test("Text that is not a metadata object reads as nil")
    func notMetadata() {
        for text in ["", "[]", "1", #"{"a": [1]}"#, #"{"a": null}"#, #"{"a": {"b": 1}}"#, "{"] {
            #expect(MetadataJSON.decode(text) == nil, "\(text)")
        }
    }
}
