import Foundation
import Testing
import VitalsCore

@testable import VitalsStore

/// A read decodes each source, device and unit once, and metadata equal to the row before's once
/// (``DecodedParts``): rows that share or alternate them must still read back as saved.
@Suite("Store reads: sources, devices, units and metadata decoded once per read")
struct SampleReaderPartsTests {
    /// What a sample's row gives back, beyond its value's exact unit.
    private struct Parts: Equatable {
        var uuid: UUID
        var source: Source
        var device: Device?
        var metadata: Metadata
        var quantity: Quantity?

        init(_ sample: Sample) {
            (uuid, source, device, metadata, quantity) = (
                sample.uuid, sample.source, sample.device, sample.metadata,
                sample.quantity
            )
        }
    }

    @Test("Rows alternating sources, devices, units and metadata read back as saved, in one read and in pages")
    func alternatingParts() async throws {
        let temp = try TemporaryStore()
        let watch = Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch6,1", softwareVersion: "10.1")
        let scale = Device(name: "Body+", manufacturer: "Withings", model: "WBS05", hardwareVersion: "WBS05")
        let health = Source(name: "Health Mate", bundleIdentifier: "com.withings.wiScaleNG")
        let still: Metadata = ["HKMetadataKeyHeartRateMotionContext": .number(1)]
        let active: Metadata = [
            "HKMetadataKeyHeartRateMotionContext": .number(2), "HKTimeZone": .string("Europe/Berlin"),
        ]
        let future = SampleType(identifier: "HKQuantityTypeIdentifierFutureMetric")
        let units = [try HealthUnit(parsing: "mg"), try HealthUnit(parsing: "mg"), try HealthUnit(parsing: "g")]
        let start = date("2025-10-01T08:00:00Z")
        var saved: [Sample] = []
        for index in 0..<60 {
            saved.append(
                .quantity(
                    future, Double(index) + 0.5, units[index % 3], start: start.addingTimeInterval(Double(index) * 60),
                    source: [iPhone, health, appleWatch][index % 3 == 0 ? 1 : index % 2],
                    device: [watch, scale, nil, watch][index % 4],
                    metadata: [still, still, active, [:], still][index % 5]))
        }
        try await temp.store.save(saved.shuffled())
        let read = try await temp.store.samples(of: future).value
        #expect(read.map(Parts.init) == saved.map(Parts.init))
        var paged: [Sample] = []
        for first in stride(from: 0, to: saved.count, by: 7) {
            let window = SamplePredicate(
                start: saved[first].start, end: saved[min(first + 7, saved.count - 1)].start,
                options: .strictStartDate)
            paged += try await temp.store.samples(of: future, matching: window, limit: nil).value
        }
        #expect(paged.map(Parts.init) == saved.dropLast().map(Parts.init))
    }
}
