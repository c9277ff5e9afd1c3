import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsInsights
import VitalsTesting

@testable import VitalsStore

@Suite("Changes, authorization and cache")
struct StoreChangeTests {
    @Test("Anchored changes report additions and deletions, and anchors survive a reopen")
    func anchoredChanges() async throws {
        let temp = try TemporaryStore()
        let a = Sample.quantity(.stepCount, 1, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone)
        let b = Sample.quantity(.stepCount, 2, .count, start: date("2025-10-01T09:00:00Z"), source: iPhone)
        let m = Sample.category(
            .mindfulSession, 0, start: date("2025-10-01T07:00:00Z"), end: date("2025-10-01T07:10:00Z"), source: iPhone)
        try await temp.store.save([a, b, m])
        let first = try await temp.store.changes(since: nil, types: [.stepCount])
        #expect(first.added.map(\.uuid) == [a.uuid, b.uuid])
        #expect(first.deleted.isEmpty)

        _ = try await temp.store.delete([a.uuid])
        let reopened = try temp.reopen()
        let second = try await reopened.changes(since: first.anchor, types: [.stepCount])
        #expect(second.added.isEmpty)
        #expect(second.deleted == [DeletedSample(uuid: a.uuid, type: .stepCount)])
        #expect(second.anchor > first.anchor)

        let c = Sample.quantity(.stepCount, 3, .count, start: date("2025-10-01T10:00:00Z"), source: iPhone)
        try await reopened.save(c)
        let third = try await reopened.changes(since: second.anchor, types: nil)
        #expect(third.added.map(\.uuid) == [c.uuid])
        #expect(third.deleted.isEmpty)
        #expect(third.anchor > second.anchor)
        let nothing = try await reopened.changes(since: third.anchor, types: nil)
        #expect(nothing.added.isEmpty && nothing.deleted.isEmpty && nothing.anchor == third.anchor)
    }

    @Test("Change notifications deliver the written types")
    func notifications() async throws {
        let temp = try TemporaryStore()
        let stream = temp.store.changeNotifications()
        try await temp.store.save(
            .quantity(.bodyMass, 70, .kilogram, start: date("2025-10-01T08:00:00Z"), source: iPhone))
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == [.bodyMass])
    }

    @Test("Permission Denied: reads are empty and say why, writes throw, other types keep working")
    func degradedMode() async throws {
        let temp = try TemporaryStore()
        let sleep = Sample.category(
            .sleepAnalysis, 3, start: date("2025-10-01T01:00:00Z"), end: date("2025-10-01T02:00:00Z"), source: iPhone)
        try await temp.store.save(sleep)
        try await temp.store.setAuthorization(.sharingDenied, for: .sleepAnalysis, access: .read)
        try await temp.store.setAuthorization(.sharingDenied, for: .sleepAnalysis, access: .share)
        let read = try await temp.store.samples(of: .sleepAnalysis)
        #expect(read.value.isEmpty)
        #expect(read.unreadableTypes == [.sleepAnalysis])
        do {
            try await temp.store.save(sleep)
            Issue.record("saving a denied type should throw")
        } catch let error as VitalsError {
            #expect(error.code == .authorizationDenied)
        }
        try await temp.store.save(.quantity(.stepCount, 5, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone))
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
        let state = try await temp.store.authorizationState(for: [.stepCount, .sleepAnalysis, .heartRate])
        #expect(state == .partiallyAuthorized(missing: [.sleepAnalysis]))
    }

    @Test("Initial Permission Request: not determined until requested, then as answered")
    func requestAuthorization() async throws {
        let temp = try TemporaryStore { $0.defaultAuthorization = .notDetermined }
        let types: Set<SampleType> = [.mindfulSession, .stepCount]
        #expect(try await temp.store.authorizationState(for: types) == .notDetermined)
        await #expect(throws: VitalsError.self) {
            try await temp.store.logMindfulness(start: date("2025-10-01T07:00:00Z"), end: date("2025-10-01T07:10:00Z"))
        }
        try await temp.store.setAuthorization(.sharingDenied, for: .stepCount, access: .read)
        try await temp.store.requestAuthorization(toShare: [.mindfulSession], read: types)
        #expect(try await temp.store.authorizationStatus(for: .stepCount, access: .read) == .sharingDenied)
        #expect(try await temp.store.authorizationState(for: types) == .partiallyAuthorized(missing: [.stepCount]))
        _ = try await temp.store.logMindfulness(start: date("2025-10-01T07:00:00Z"), end: date("2025-10-01T07:10:00Z"))
    }

    @Test("Cached Data Refresh: a write through the store invalidates the cache")
    func cacheInvalidation() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_760_000_000))
        let temp = try TemporaryStore { $0.now = { clock.now } }
        let other = try temp.reopen()
        let first = Sample.quantity(.stepCount, 5, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone)
        try await temp.store.save(first)
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
        // Another process writes: within the cache lifetime this store still answers from cache.
        try await other.save(.quantity(.stepCount, 6, .count, start: date("2025-10-01T09:00:00Z"), source: iPhone))
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
        clock.advance(31)
        #expect(try await temp.store.samples(of: .stepCount).value.count == 2)
        // A write through this store is visible at once.
        try await temp.store.save(.quantity(.stepCount, 7, .count, start: date("2025-10-01T10:00:00Z"), source: iPhone))
        #expect(try await temp.store.samples(of: .stepCount).value.count == 3)
    }

    @Test("Query Failure Handling: a failing query returns the cached answer marked stale")
    func staleFallback() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_760_000_000))
        let temp = try TemporaryStore { $0.now = { clock.now } }
        try await temp.store.save(.quantity(.stepCount, 5, .count, start: date("2025-10-01T08:00:00Z"), source: iPhone))
        let range = try DateRange(start: date("2025-10-01T00:00:00Z"), end: date("2025-10-02T00:00:00Z"))
        let query = StatisticsQuery(
            type: .stepCount, range: range, interval: .day, calendar: .gregorian(in: .gmt), options: .sum)
        #expect(try await temp.store.statistics(query).value[0].sum == 5)
        #expect(try await temp.store.samples(of: .stepCount).value.count == 1)
        // Break the database behind the store's back, as a corrupt or vanished file would (the
        // per-day statistics cache too, or it would still answer the daily query).
        let saboteur = try DatabaseQueue(path: temp.path)
        try await saboteur.write { db in
            try db.execute(
                sql: "DROP TABLE workouts; DROP TABLE sample_links; DROP TABLE samples; DROP TABLE daily_statistics")
        }
        clock.advance(60)
        let stale = try await temp.store.statistics(query)
        #expect(stale.isStale)
        #expect(stale.value[0].sum == 5)
        let staleSamples = try await temp.store.samples(of: .stepCount)
        #expect(staleSamples.isStale && staleSamples.value.count == 1)
        // Without a cached answer the failure surfaces.
        let uncached = SamplePredicate(start: date("2025-10-01T06:00:00Z"), end: nil)
        await #expect(throws: VitalsError.self) { try await temp.store.samples(of: .stepCount, matching: uncached) }
    }
}
