import Foundation
import Testing
import VitalsCore

@testable import VitalsStore

@Suite("Store queries")
struct StoreQueryTests {
    @Test("Predicate options at their boundaries, through SQLite")
    func predicateBoundaries() async throws {
        let temp = try TemporaryStore()
        let start = date("2025-10-01T00:00:00Z"), end = date("2025-10-02T00:00:00Z")
        func steps(_ from: String, _ to: String) -> Sample {
            .quantity(.stepCount, 10, .count, start: date(from), end: date(to), source: iPhone)
        }
        let atStart = steps("2025-10-01T00:00:00Z", "2025-10-01T00:10:00Z")
        let endingAtStart = steps("2025-09-30T23:50:00Z", "2025-10-01T00:00:00Z")
        let straddlingStart = steps("2025-09-30T23:50:00Z", "2025-10-01T00:10:00Z")
        let straddlingEnd = steps("2025-10-01T23:50:00Z", "2025-10-02T00:10:00Z")
        let atEnd = steps("2025-10-02T00:00:00Z", "2025-10-02T00:00:00Z")
        let longBefore = steps("2025-09-20T00:00:00Z", "2025-09-28T00:00:00Z")
        try await temp.store.save([atStart, endingAtStart, straddlingStart, straddlingEnd, atEnd, longBefore])
        func uuids(_ options: SampleQueryOptions) async throws -> Set<UUID> {
            Set(
                try await temp.store.samples(
                    of: .stepCount, matching: SamplePredicate(start: start, end: end, options: options)
                ).value.map(\.uuid))
        }
        #expect(try await uuids([]) == [atStart.uuid, endingAtStart.uuid, straddlingStart.uuid, straddlingEnd.uuid])
        #expect(try await uuids(.strictStartDate) == [atStart.uuid, straddlingEnd.uuid])
        #expect(try await uuids(.strictEndDate) == [atStart.uuid, endingAtStart.uuid, straddlingStart.uuid])
        #expect(try await uuids([.strictStartDate, .strictEndDate]) == [atStart.uuid])
    }

    @Test("App Source Filter: this app and its widget and watch extensions, not other apps")
    func appSourceFilter() async throws {
        let temp = try TemporaryStore()
        let at = date("2025-10-01T08:00:00Z")
        let sources = [
            ("App", "com.x.app"), ("Widget", "com.x.app.widget"), ("Watch", "com.x.app.watchkitapp"),
            ("Other", "com.other"), ("Apple Watch", "com.apple.health.watch"),
        ]
        try await temp.store.save(
            sources.map {
                .category(
                    .mindfulSession, 0, start: at, end: at.addingTimeInterval(600),
                    source: Source(name: $0.0, bundleIdentifier: $0.1))
            })
        let mine = try await temp.store.samples(
            of: .mindfulSession, matching: SamplePredicate(sources: .app(bundleIdentifier: "com.x.app"))
        ).value
        #expect(Set(mine.map(\.source.bundleIdentifier)) == ["com.x.app", "com.x.app.widget", "com.x.app.watchkitapp"])
        let all = try await temp.store.samples(of: .mindfulSession).value
        #expect(all.count == 5)
        let one = try await temp.store.samples(
            of: .mindfulSession, matching: SamplePredicate(sources: .source(bundleIdentifier: "com.x.app"))
        ).value
        #expect(one.count == 1)
    }

    @Test("Samples round-trip with device, metadata, workouts and correlations")
    func roundTrip() async throws {
        let temp = try TemporaryStore()
        let at = date("2025-10-01T08:00:00Z")
        let device = Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", softwareVersion: "11.0")
        let heart = Sample.quantity(
            .heartRate, 1.2, try HealthUnit(parsing: "count/s"), start: at, source: appleWatch, device: device,
            metadata: ["HKMetadataKeyHeartRateMotionContext": .number(1), "HKTimeZone": .string("Europe/Berlin")])
        let systolic = Sample.quantity(.bloodPressureSystolic, 120, .millimeterOfMercury, start: at, source: iPhone)
        let diastolic = Sample.quantity(.bloodPressureDiastolic, 80, .millimeterOfMercury, start: at, source: iPhone)
        let pressure = Sample(
            type: .bloodPressure, start: at, end: at, content: .correlation([systolic, diastolic]), source: iPhone)
        let future = Sample.quantity(
            SampleType(identifier: "HKQuantityTypeIdentifierFutureMetric"), 3.5,
            try HealthUnit(parsing: "mg"), start: at, source: iPhone)
        try await temp.store.save([heart, pressure, future])
        let kept = try await temp.store.samples(of: SampleType(identifier: "HKQuantityTypeIdentifierFutureMetric"))
            .value
        #expect(kept.map(\.uuid) == [future.uuid])
        #expect(kept.first?.quantity == Quantity(3.5, try HealthUnit(parsing: "mg")))
        let loaded = try await temp.store.samples(of: .heartRate).value
        #expect(loaded.count == 1)
        #expect(abs(loaded[0].quantity!.value - 72) < 1e-9)
        #expect(loaded[0].quantity!.unit.unitString == "count/min")
        #expect(loaded[0].device == device)
        #expect(loaded[0].metadata == heart.metadata)
        let correlations = try await temp.store.samples(of: .bloodPressure).value
        let memberIDs = Set(correlations[0].members?.map(\.uuid) ?? [])
        #expect(memberIDs == [systolic.uuid, diastolic.uuid])
        #expect(try await temp.store.samples(of: .bloodPressureSystolic).value.count == 1)
        #expect(try await temp.store.delete([pressure.uuid]) == 3)
        #expect(try await temp.store.samples(of: .bloodPressureSystolic).value.isEmpty)
    }

    @Test("Saving an existing UUID fails the whole batch, or skips it when asked")
    func duplicates() async throws {
        let temp = try TemporaryStore()
        let first = Sample.quantity(.stepCount, 5, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone)
        let second = Sample.quantity(.stepCount, 6, .count, start: date("2025-10-01T09:00:00Z"), source: iPhone)
        try await temp.store.save(first)
        await #expect(throws: VitalsError.self) { try await temp.store.save([second, first]) }
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
        let summary = try await temp.store.save([second, first], duplicates: .skip)
        #expect(summary == SaveSummary(added: 1, alreadyPresent: 1, saved: [second, first]))
    }
}
