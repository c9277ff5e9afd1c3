import Foundation
import Testing
import VitalsContract
import VitalsCore
import VitalsStore

@testable import VitalsServer
@testable import VitalsServerStorage

/// A server user's per-day statistics cache gives the samples' answers exactly, on SQLite and
/// PostgreSQL, through late data, deletes, a source that outranks another, time zones, erasure
/// and a write that overtakes a fill.
@Suite("Server per-day statistics cache")
struct ServerDailyCacheTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let watch = Source(name: "Zoe's Apple Watch", bundleIdentifier: "")
    static let phone = Source(name: "Zoe's iPhone", bundleIdentifier: "")
    /// 2025-10-20 00:00 in Berlin; the twelve days from it hold the autumn DST change (26 October).
    static let day0 = DateComponents(calendar: .gregorian(in: berlin), timeZone: berlin, year: 2025, month: 10, day: 20)
        .date!
    /// Days of samples; the queries cover the first eleven, so New York's days have samples too.
    static let days = 12

    static func at(_ hours: Double) -> Date { day0.addingTimeInterval(hours * 3600) }

    static func sample(
        _ type: SampleType, _ value: Double, _ from: Double, _ to: Double, _ source: Source
    ) -> StoredSample {
        let content: Sample.Content =
            type.kind == .category
            ? .category(Int(value))
            : .quantity(Quantity(value, type.canonicalUnit!))
        return StoredSample(Sample(type: type, start: at(from), end: at(to), content: content, source: source))!
    }

    /// Hourly phone steps, watch steps overlapping some of them, heart-rate instants from both
    /// and one reading held across midnight, and nights of sleep across midnight.
    static let samples: [StoredSample] = {
        var samples: [StoredSample] = []
        for hour in 0..<(days * 24) {
            let h = Double(hour)
            samples.append(sample(.stepCount, Double(50 + hour % 17 * 30), h, h + 1, phone))
            if hour % 5 == 0 { samples.append(sample(.stepCount, Double(400 + hour % 7), h + 0.25, h + 0.75, watch)) }
            samples.append(sample(.heartRate, Double(55 + hour % 23), h + 0.1, h + 0.1, watch))
            if hour % 3 == 0 { samples.append(sample(.heartRate, Double(70 + hour % 11), h + 0.6, h + 0.6, phone)) }
        }
        samples.append(sample(.heartRate, 62, 23.5, 24.5, watch))
        for night in 0..<days {
            let n = Double(night) * 24
            samples.append(sample(.sleepAnalysis, 0, n - 1.5, n + 7, phone))
            samples.append(sample(.sleepAnalysis, 3, n - 1, n + 3, watch))
            samples.append(sample(.sleepAnalysis, 4, n + 3, n + 6.5, watch))
        }
        return samples
    }()

    @Test("Cached answers equal the samples' and are read from stored days", arguments: Backend.allCases)
    func cachedAnswers(backend: Backend) async throws {
        try await withCachedUser(backend) { pair in
            let first = try await pair.checkAll()
            let stored = try await pair.storedDays()
            // Steps, heart rate and sleep per day in Berlin (the sleep query has one more day).
            #expect(stored == 3 * (Self.days - 1) + 1)
            #expect(try await pair.checkAll() == first)
            #expect(try await pair.storedDays() == stored)
        }
    }

    @Test(
        "Late data, a source that outranks another and deletes change exactly the days they touch",
        arguments: Backend.allCases)
    func writesInvalidate(backend: Backend) async throws {
        try await withCachedUser(backend) { pair in
            let before = try await pair.check(pair.steps(in: Self.berlin))
            let stored = try await pair.storedDays()
            // A late phone sample on day 2 and a watch sample on day 4 over phone hours (the watch wins).
            try await pair.write([
                Self.sample(.stepCount, 700, 2 * 24 + 9, 2 * 24 + 10, Self.phone),
                Self.sample(.stepCount, 5, 4 * 24 + 13, 4 * 24 + 15, Self.watch),
            ])
            #expect(try await pair.storedDays() < stored)
            let after = try await pair.check(pair.steps(in: Self.berlin))
            #expect(after[2].sum! == before[2].sum! + 700)
            #expect(after[4].sum! < before[4].sum!)
            #expect(after.indices.filter { after[$0] != before[$0] } == [2, 4])
            // A heart-rate instant late on day 8, and the delete of day 6's first phone hour.
            try await pair.write([Self.sample(.heartRate, 180, 8 * 24 + 20, 8 * 24 + 20, Self.phone)])
            let deleted = Self.samples.first {
                $0.type == SampleType.stepCount.identifier && $0.start == Self.at(6 * 24)
            }!
            try await pair.harness.repository.deleteSample(
                deleted.uuid, from: Self.phone.name, of: pair.user,
                at: ServerConfiguration.fixedNow)
            let last = try await pair.check(pair.steps(in: Self.berlin))
            #expect(last[6].sum! == after[6].sum! - deleted.value)
            let heart = try await pair.check(pair.heartRate(in: Self.berlin))
            #expect(heart[8].maximum == 180)
            _ = try await pair.checkAll()
        }
    }

    @Test("A day in New York is another day than one in Berlin: both stored, both exact", arguments: Backend.allCases)
    func timeZones(backend: Backend) async throws {
        try await withCachedUser(backend) { pair in
            let berlin = try await pair.check(pair.steps(in: Self.berlin))
            let stored = try await pair.storedDays()
            let newYork = try await pair.check(pair.steps(in: Self.newYork))
            #expect(berlin.map(\.range) != newYork.map(\.range))
            #expect(try await pair.storedDays() > stored)
            // 03:00 on day 3 in Berlin is 21:00 on day 2 in New York.
            try await pair.write([Self.sample(.stepCount, 1, 3 * 24 + 3, 3 * 24 + 3.1, Self.phone)])
            #expect(try await pair.check(pair.steps(in: Self.berlin))[3].sum! == berlin[3].sum! + 1)
            #expect(try await pair.check(pair.steps(in: Self.newYork))[2].sum! == newYork[2].sum! + 1)
        }
    }

    @Test("Erasing a user's data forgets the user's days", arguments: Backend.allCases)
    func erase(backend: Backend) async throws {
        try await withCachedUser(backend) { pair in
            _ = try await pair.checkAll()
            #expect(try await pair.storedDays() > 0)
            _ = try await pair.harness.repository.eraseData(of: pair.user)
            #expect(try await pair.storedDays() == 0)
            let steps = try await pair.check(pair.steps(in: Self.berlin))
            #expect(steps.allSatisfy { $0.sampleCount == 0 })
        }
    }

    @Test("Days computed before a write that overtook them are not stored", arguments: Backend.allCases)
    func overtakenFill(backend: Backend) async throws {
        try await withCachedUser(backend) { pair in
            let store = try #require(pair.harness.repository as? any DailyStatisticsStoring)
            let query = try pair.steps(in: Self.berlin)
            var plan = DailyCachePlan(query)
            let read = try await store.storedDays(
                of: pair.user, type: .stepCount, variant: plan.variant, starting: plan.lookup!)
            for run in try plan.missingRuns(stored: read.days) {
                try plan.fill(run, statistics: try await pair.plain.statistics(run.query).value, parts: [])
            }
            try await pair.write([Self.sample(.stepCount, 3, 30, 31, Self.phone)])
            let computed = try plan.answer().computed
            #expect(computed.count == Self.days - 1)
            #expect(
                try await store.storeDays(
                    computed, of: pair.user, type: .stepCount, variant: plan.variant,
                    ifEpoch: read.epoch) == false)
            #expect(try await pair.storedDays() == 0)
            let fresh = try await store.storedDays(
                of: pair.user, type: .stepCount, variant: plan.variant, starting: plan.lookup!)
            #expect(
                try await store.storeDays(
                    computed, of: pair.user, type: .stepCount, variant: plan.variant,
                    ifEpoch: fresh.epoch))
            #expect(try await pair.storedDays() == Self.days - 1)
        }
    }

    /// Runs `body` with a Berlin user holding ``samples`` and readers with and without the cache.
    func withCachedUser(_ backend: Backend, _ body: @escaping @Sendable (CachePair) async throws -> Void) async throws {
        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("zoe", timeZone: "Europe/Berlin")
            let written = try await harness.repository.apply(
                HealthWrite(samples: Self.samples), for: user,
                at: ServerConfiguration.fixedNow)
            #expect(written.samplesAdded == Self.samples.count)
            try await body(CachePair(harness: harness, user: user))
        }
    }
}

/// A server user read with and without the per-day cache, and the queries the tests compare.
struct CachePair: Sendable {
    let harness: Harness
    let user: ServerUser
    var cached: ServerHealthReader { ServerHealthReader(repository: harness.repository, user: user) }
    var plain: ServerHealthReader {
        ServerHealthReader(repository: harness.repository, user: user, cachesDailyStatistics: false)
    }
    typealias T = ServerDailyCacheTests

    func range(in zone: TimeZone) throws -> DateRange {
        let calendar = Calendar.gregorian(in: zone)
        let start = calendar.startOfDay(for: T.at(12))
        return try DateRange(start: start, end: calendar.date(byAdding: .day, value: T.days - 1, to: start)!)
    }

    func steps(in zone: TimeZone) throws -> StatisticsQuery {
        StatisticsQuery(
            type: .stepCount, range: try range(in: zone), interval: .day, calendar: .gregorian(in: zone),
            options: .sum)
    }

    func heartRate(in zone: TimeZone, interval: CalendarPeriod = .day) throws -> StatisticsQuery {
        StatisticsQuery(
            type: .heartRate, range: try range(in: zone), interval: interval, calendar: .gregorian(in: zone),
            options: [.average, .minimum, .maximum, .mostRecent])
    }

    /// Daily steps, heart rate and sleep, and heart rate by week and over the whole range.
    func checkAll() async throws -> [[Statistics]] {
        var sleep = StatisticsQuery(
            type: .sleepAnalysis, range: try range(in: T.berlin), interval: .day,
            calendar: .gregorian(in: T.berlin), options: .duration)
        sleep.range = try DateRange(start: sleep.range.start, end: sleep.range.end.addingTimeInterval(86_400))
        var whole = try heartRate(in: T.berlin)
        whole.intervalCount = T.days - 1
        return [
            try await check(steps(in: T.berlin)), try await check(heartRate(in: T.berlin)), try await check(sleep),
            try await check(heartRate(in: T.berlin, interval: .week)), try await check(whole),
        ]
    }

    /// The cached reader's answer, after checking it against the samples' (averages to rounding).
    func check(_ query: StatisticsQuery) async throws -> [Statistics] {
        let cached = try await self.cached.statistics(query).value
        let plain = try await self.plain.statistics(query).value
        #expect(cached.count == plain.count)
        for (a, b) in zip(cached, plain) {
            #expect(a.range == b.range && a.sampleCount == b.sampleCount)
            #expect(a.sum == b.sum && a.minimum == b.minimum && a.maximum == b.maximum && a.duration == b.duration)
            #expect(a.mostRecent == b.mostRecent && a.mostRecentRange == b.mostRecentRange)
            if let x = a.average, let y = b.average {
                #expect(abs(x - y) <= 1e-9 * max(1, abs(y)), "\(x) vs \(y)")
            } else {
                #expect(a.average == nil && b.average == nil)
            }
        }
        return cached
    }

    func storedDays() async throws -> Int {
        try await (harness.repository as! any DailyStatisticsStoring).storedDayCount(of: user)
    }

    func write(_ samples: [StoredSample]) async throws {
        let result = try await harness.repository.apply(
            HealthWrite(samples: samples), for: user,
            at: ServerConfiguration.fixedNow)
        #expect(result.samplesAdded == samples.count)
    }
}
