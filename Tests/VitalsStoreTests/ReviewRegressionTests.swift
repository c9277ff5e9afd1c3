import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsInsights
import VitalsTesting

@testable import VitalsStore

/// Defects found in review, each pinned by the input that showed it.
@Suite("Review regressions")
struct ReviewRegressionTests {
    @Test("logAlcohol with sharing denied keeps the day's earlier entry")
    func alcoholDeniedKeepsEntry() async throws {
        let temp = try TemporaryStore()
        let day = date("2025-10-03T20:00:00Z")
        _ = try await temp.store.logAlcohol(drinks: .moderate, date: day)
        try await temp.store.setAuthorization(.sharingDenied, for: .numberOfAlcoholicBeverages, access: .share)
        await #expect(throws: VitalsError.self) { try await temp.store.logAlcohol(drinks: .heavy, date: day) }
        let stored = try await temp.store.samples(of: .numberOfAlcoholicBeverages).value
        #expect(stored.map { $0.quantity?.value } == [4])
        await #expect(throws: VitalsError.self) { try await temp.store.delete(stored.map(\.uuid)) }
        #expect(try await temp.store.samples(of: .numberOfAlcoholicBeverages).value.count == 1)
    }

    @Test("A sample ending exactly at the query start is found even with fractional times")
    func fractionalBoundary() async throws {
        let temp = try TemporaryStore()
        let start = Date(timeIntervalSinceReferenceDate: 780_537_774.2302042)
        let end = Date(timeIntervalSinceReferenceDate: 780_537_959.2112817)
        try await temp.store.save(.category(.mindfulSession, 0, start: start, end: end, source: iPhone))
        let stored = try await temp.store.samples(of: .mindfulSession).value[0]
        let found = try await temp.store.samples(
            of: .mindfulSession,
            matching: SamplePredicate(start: stored.end, end: stored.end.addingTimeInterval(3600)))
        #expect(found.value.count == 1)
    }

    @Test("The stale fallback also covers a failing permission lookup")
    func staleWhenAuthorizationFails() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_760_000_000))
        let temp = try TemporaryStore { $0.now = { clock.now } }
        try await temp.store.save(.quantity(.stepCount, 5, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone))
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
        let saboteur = try DatabaseQueue(path: temp.path)
        try await saboteur.write { db in try db.execute(sql: "DROP TABLE authorizations") }
        clock.advance(60)
        let stale = try await temp.store.samples(of: .stepCount)
        #expect(stale.isStale && stale.value.count == 1)
    }

    @Test("A limit of zero returns nothing")
    func zeroLimit() async throws {
        let temp = try TemporaryStore()
        try await temp.store.save(.quantity(.stepCount, 5, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone))
        #expect(try await temp.store.samples(of: .stepCount, matching: SamplePredicate(), limit: 0).value.isEmpty)
    }

    @Test("Impossible values are rejected: negative body mass, infinity after conversion")
    func impossibleValues() async throws {
        let temp = try TemporaryStore()
        let at = date("2025-10-01T08:00:00Z")
        await #expect(throws: VitalsError.self) {
            try await temp.store.save(.quantity(.bodyMass, -70, .kilogram, start: at, source: iPhone))
        }
        await #expect(throws: VitalsError.self) {
            try await temp.store.save(.quantity(.distanceWalkingRunning, 1e307, .mile, start: at, source: iPhone))
        }
        #expect(try await temp.store.typeSummaries().isEmpty)
    }

    @Test("Changes leave out deletions of types the user may not read, and say so")
    func changesHideUnreadableDeletions() async throws {
        let temp = try TemporaryStore()
        let sleep = Sample.category(
            .sleepAnalysis, 3, start: date("2025-10-01T01:00:00Z"), end: date("2025-10-01T02:00:00Z"), source: iPhone)
        try await temp.store.save(sleep)
        _ = try await temp.store.delete([sleep.uuid])
        try await temp.store.setAuthorization(.sharingDenied, for: .sleepAnalysis, access: .read)
        let changes = try await temp.store.changes(since: nil, types: nil)
        #expect(changes.deleted.isEmpty && changes.added.isEmpty)
        #expect(changes.unreadableTypes == [.sleepAnalysis])
    }

    @Test("Long decimals and kJ conversions survive a JSONL round trip exactly")
    func exactNumbers() throws {
        let line =
            #"{"type":"activeEnergyBurned","value":16.12,"unit":"kJ","start":"2025-10-01T08:00:00.123456Z","end":"2025-10-01T08:10:00Z","source":{"name":"A","bundleIdentifier":"a"}}"#
        let first = try SampleJSON.decodeLines(Data(line.utf8), file: "a.jsonl")[0]
        let printed = SampleJSON.line(for: first, in: .gmt)
        let second = try SampleJSON.decodeLines(Data(printed.utf8), file: "b.jsonl")[0]
        #expect(second.quantity == first.quantity)
        #expect(abs(second.start.timeIntervalSince(first.start)) < 1e-6)
        #expect(printed.contains("08:00:00.123456Z"))
    }

    @Test("Hostile inputs are errors, not crashes")
    func hostileInputs() {
        #expect(throws: VitalsError.self) {
            try HealthUnit(parsing: "((((((((((count^99)^99)^99)^99)^99)^99)^99)^99)^99)^99)")
        }
        let event =
            #"{"type":"workout","activity":"running","start":"2025-10-01T08:00:00Z","end":"2025-10-01T09:00:00Z","source":{"name":"A","bundleIdentifier":"a"},"events":[{"type":1e300,"start":"2025-10-01T08:10:00Z"}]}"#
        #expect(throws: VitalsError.self) { try SampleJSON.decodeLines(Data(event.utf8), file: "w.jsonl") }
        #expect(ISO8601.parse("2025-10-01T24:59:00Z") == nil)
        #expect(ISO8601.parse("2025-10-01T24:00:00Z") == ISO8601.parse("2025-10-02T00:00:00Z"))
    }

    @Test("Workout activities survive a JSONL round trip")
    func workoutActivitiesRoundTrip() throws {
        let start = date("2025-10-01T08:00:00Z")
        let activity = WorkoutActivity(
            activityType: .running, start: start, end: start.addingTimeInterval(600),
            events: [WorkoutEvent(type: 3, start: start.addingTimeInterval(300))],
            statistics: [WorkoutStatistics(type: .distanceWalkingRunning, unit: .meter, sum: 2000)])
        let workout = Sample(
            type: .workout, start: start, end: start.addingTimeInterval(1200),
            content: .workout(Workout(activityType: .running, activities: [activity], duration: 1100)), source: iPhone)
        let decoded = try SampleJSON.decodeLines(Data(SampleJSON.line(for: workout, in: .gmt).utf8), file: "w.jsonl")[0]
        #expect(decoded.workout?.activities == [activity])
        #expect(decoded.workout?.duration == 1100)
    }
}
