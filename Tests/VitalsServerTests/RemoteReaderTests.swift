import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsStore
import VitalsSync
import VitalsTestSupport
import VitalsTesting

/// `RemoteHealthReader` (VitalsSync) reads a server user through the read API over a real
/// socket and answers exactly as the server's own reader (`ServerHealthReader`) does, on
/// SQLite and PostgreSQL: real exports imported into the user, every call of the read protocol.
@Suite("Remote reader: the read protocol over HTTP")
struct RemoteReaderTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// The busiest week of the hkimport export (steps and heart rate); its second week holds the DST change.
    static let october = instant("2017-10-22T00:00:00+02:00")
    static let year = DateRange(
        clampingStart: instant("2017-01-01T00:00:00+01:00"), end: instant("2018-01-01T00:00:00+01:00"))

    static func instant(_ text: String) -> Date { ISO8601.parse(text)! }

    /// What a live server with imported users gives a test.
    struct Served {
        let harness: Harness
        let port: Int
        let ada: (user: ServerUser, token: String)
        let bob: (user: ServerUser, token: String)

        var server: String { "http://127.0.0.1:\(port)" }
        func reader(_ user: ServerUser) -> ServerHealthReader {
            ServerHealthReader(repository: harness.repository, user: user)
        }
        func remote(_ token: String) throws -> RemoteHealthReader {
            try RemoteHealthReader(server: server, token: token)
        }
    }

    /// A live server whose ada holds the hkimport export (11,101 records, 61 workouts, 2017) and
    /// healthkit-to-sqlite's (a workout with its route, two activity summaries), and bob apple-health-parser's.
    static func withImported(_ backend: Backend, _ body: @escaping @Sendable (Served) async throws -> Void) async throws
    {
        var configuration = ServerConfiguration.testing
        configuration.rateLimitPerSecond = 0
        try await withServer(backend, configuration: configuration, setup: .live) { harness in
            let port = try #require(harness.client.port)
            let ada = try await harness.user("ada", timeZone: zone.identifier)
            let bob = try await harness.user("bob", timeZone: "America/New_York")
            let service = HealthService(repository: harness.repository, now: { ServerConfiguration.fixedNow })
            _ = try await service.importExport(at: ExportText.fixture("hkimport/export.xml"), for: ada.user)
            _ = try await service.importExport(at: ExportText.fixture("healthkit-to-sqlite/export.xml"), for: ada.user)
            _ = try await service.importExport(at: ExportText.fixture("apple-health-parser/export.zip"), for: bob.user)
            try await body(Served(harness: harness, port: port, ada: ada, bob: bob))
        }
    }

    /// Expects equal arrays, naming the first difference (not the whole arrays) when they are not.
    static func expectSame<T: Equatable>(
        _ remote: [T], _ server: [T], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let first = zip(remote, server).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        let difference = first.map(String.init) ?? "the end"
        let same = remote == server
        #expect(
            same, "\(label): \(remote.count) remote, \(server.count) server, first difference at \(difference)",
            sourceLocation: sourceLocation)
    }

    @Test(
        "Types, every type's samples with metadata, samples by predicate, source filter and limit (paged) are the server reader's",
        arguments: Backend.allCases)
    func samples(backend: Backend) async throws {
        try await Self.withImported(backend) { served in
            let server = served.reader(served.ada.user)
            let remote = try served.remote(served.ada.token)
            var paged = remote
            paged.samplePageSize = 333

            let types = try await server.typeSummaries()
            Self.expectSame(try await remote.typeSummaries(), types, "typeSummaries")
            #expect(types.count >= 20 && types.contains { $0.type == .workout && $0.count == 62 })
            var total = 0
            for summary in types {
                let expected = try await server.samples(of: summary.type).value
                Self.expectSame(try await remote.samples(of: summary.type).value, expected, summary.type.shortName)
                total += expected.count
            }
            #expect(total > 11_000)
            // Metadata and whole workouts (statistics, events) come through.
            let workouts = try await remote.samples(of: .workout).value
            #expect(
                workouts.contains { !$0.metadata.isEmpty }
                    && workouts.contains { !($0.workout?.statistics.isEmpty ?? true) })
            #expect(try await remote.samples(of: .sleepAnalysis).value.contains { !$0.metadata.isEmpty })

            let week = DateRange(clampingStart: Self.october, end: Self.october.addingTimeInterval(7 * 86_400))
            let filters: [SourceFilter] = [.all, .source(bundleIdentifier: ""), .app(bundleIdentifier: "com.apple")]
            for type in [SampleType.stepCount, .heartRate, .sleepAnalysis, .workout, .food, .bodyMass] {
                for options in [
                    SampleQueryOptions(), .strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate],
                ] {
                    for filter in filters {
                        let predicate = SamplePredicate(week, options: options, sources: filter)
                        let expected = try await server.samples(of: type, matching: predicate).value
                        Self.expectSame(
                            try await paged.samples(of: type, matching: predicate).value, expected,
                            "\(type.shortName) \(options.rawValue) \(filter)")
                        if filter != .app(bundleIdentifier: "com.apple"), type == .stepCount {
                            #expect(expected.count > 100)
                        }
                    }
                }
                let open = SamplePredicate(start: Self.october, end: nil)
                for limit in [0, 3, 1000] {
                    Self.expectSame(
                        try await paged.samples(of: type, matching: open, limit: limit).value,
                        try await server.samples(of: type, matching: open, limit: limit).value,
                        "\(type.shortName) limit \(limit)")
                }
            }
            // 3,980 steps, 333 a request: twelve pages.
            let steps = try await server.samples(of: .stepCount).value
            #expect(steps.count > 3 * paged.samplePageSize)
            Self.expectSame(try await paged.samples(of: .stepCount).value, steps, "all steps, paged")
            Self.expectSame(
                try await paged.samples(of: .stepCount, matching: SamplePredicate(), limit: 1000).value,
                Array(steps.prefix(1000)), "1000 steps, paged")
            // An empty window, and a to before from, match nothing on both.
            let backwards = SamplePredicate(start: Self.october, end: Self.october.addingTimeInterval(-1))
            #expect(try await remote.samples(of: .stepCount, matching: backwards).value.isEmpty)
        }
    }

    @Test(
        "Statistics by hour, day, week and month in two zones, with each option and separateBySource, paged by buckets",
        arguments: Backend.allCases)
    func statistics(backend: Backend) async throws {
        try await Self.withImported(backend) { served in
            let server = served.reader(served.ada.user)
            var paged = try served.remote(served.ada.token)
            paged.bucketPageSize = 50
            let unpaged = try served.remote(served.ada.token)
            let calendars = [
                Calendar.gregorian(in: Self.zone),
                Calendar.gregorian(in: TimeZone(identifier: "America/New_York")!, firstWeekday: 1),
            ]
            let fortnight = DateRange(clampingStart: Self.october, end: Self.october.addingTimeInterval(14 * 86_400))
            let optionSets: [(SampleType, [StatisticsOptions])] = [
                (.stepCount, [.sum, [.sum, .separateBySource]]),
                (
                    .heartRate,
                    [
                        .average, .minimum, .maximum, .mostRecent,
                        [.average, .minimum, .maximum, .mostRecent, .separateBySource],
                    ]
                ),
                (.sleepAnalysis, [.duration, [.duration, .separateBySource]]),
                (.workout, [.duration]),
            ]
            var compared = 0
            var valued = 0
            var bySource = 0
            for calendar in calendars {
                for (type, sets) in optionSets {
                    for options in sets {
                        for interval in [CalendarPeriod.hour, .day, .week, .month] {
                            let range = interval == .hour ? fortnight : Self.year
                            let query = StatisticsQuery(
                                type: type, range: range, interval: interval, calendar: calendar,
                                options: options)
                            let expected = try await server.statistics(query).value
                            let reader = interval == .month ? unpaged : paged
                            Self.expectSame(
                                try await reader.statistics(query).value, expected,
                                "\(type.shortName) \(options.rawValue) \(interval) \(calendar.timeZone.identifier)")
                            compared += 1
                            if expected.contains(where: {
                                $0.sum ?? $0.average ?? $0.minimum ?? $0.mostRecent ?? $0.duration != nil
                            }) {
                                valued += 1
                            }
                            if expected.contains(where: { $0.bySource.count >= 2 }) { bySource += 1 }
                        }
                    }
                }
            }
            #expect(compared == 80)
            #expect(valued >= 60)
            #expect(bySource >= 8)
            // Every other field of the query: interval count, anchor, category values, a source filter.
            let queries = [
                StatisticsQuery(
                    type: .stepCount, range: Self.year, interval: .week, intervalCount: 2,
                    anchor: Self.instant("2017-01-04T06:00:00+01:00"), calendar: calendars[1], options: .sum),
                StatisticsQuery(
                    type: .sleepAnalysis, range: Self.year, interval: .day, calendar: calendars[0],
                    options: [.duration, .separateBySource], categoryValues: [SleepAnalysisValue.inBed.rawValue]),
                StatisticsQuery(
                    type: .sleepAnalysis, range: Self.year, interval: .day, calendar: calendars[0],
                    options: .duration, categoryValues: []),
                StatisticsQuery(
                    type: .heartRate, range: fortnight, interval: .hour, intervalCount: 3, calendar: calendars[0],
                    options: [.average, .maximum], sources: .source(bundleIdentifier: "")),
                StatisticsQuery(
                    type: .stepCount, range: fortnight, interval: .day, calendar: calendars[0], options: .sum,
                    sources: .app(bundleIdentifier: "com.apple")),
                StatisticsQuery(
                    type: .stepCount, range: Self.year, interval: .year, calendar: calendars[1], options: .sum),
            ]
            for (index, query) in queries.enumerated() {
                Self.expectSame(
                    try await paged.statistics(query).value, try await server.statistics(query).value,
                    "query \(index)")
            }
            #expect(try await server.statistics(queries[1]).value.contains { ($0.duration ?? 0) > 0 })
            // A query the type does not allow fails alike, before any request.
            let wrong = StatisticsQuery(
                type: .heartRate, range: fortnight, interval: .day, calendar: calendars[0], options: .sum)
            await #expect(throws: VitalsError.self) { try await server.statistics(wrong) }
            await #expect(throws: VitalsError.self) { try await paged.statistics(wrong) }
        }
    }

    @Test(
        "Sources with and without a type, routes of every workout, activity summaries are the server reader's",
        arguments: Backend.allCases)
    func sourcesRoutesSummaries(backend: Backend) async throws {
        try await Self.withImported(backend) { served in
            let server = served.reader(served.ada.user)
            let remote = try served.remote(served.ada.token)
            let anyType = try await server.sources(for: nil)
            Self.expectSame(try await remote.sources(for: nil), anyType, "sources")
            #expect(anyType.count > 20)
            for type in [SampleType.stepCount, .heartRate, .sleepAnalysis, .workout, .food, .bodyMass, .vo2Max] {
                Self.expectSame(
                    try await remote.sources(for: type), try await server.sources(for: type), type.shortName)
            }
            var points = 0
            for workout in try await server.samples(of: .workout).value {
                let routes = try await server.routes(ofWorkout: workout.uuid)
                Self.expectSame(try await remote.routes(ofWorkout: workout.uuid), routes, "routes of \(workout.uuid)")
                points += routes.joined().count
            }
            #expect(points == 2)
            #expect(try await remote.routes(ofWorkout: UUID()).isEmpty)
            let summaries = try await server.activitySummaries()
            #expect(summaries.count == 2)
            Self.expectSame(try await remote.activitySummaries(), summaries, "activity summaries")
            for days in [
                try LocalDate(year: 2016, month: 11, day: 16)...LocalDate(year: 2016, month: 12, day: 31),
                try LocalDate(year: 2016, month: 11, day: 15)...LocalDate(year: 2016, month: 11, day: 15),
                try LocalDate(year: 2017, month: 1, day: 1)...LocalDate(year: 2017, month: 1, day: 1),
            ] {
                Self.expectSame(
                    try await remote.activitySummaries(in: days), try await server.activitySummaries(in: days),
                    "summaries \(days)")
            }
        }
    }

    @Test(
        "A wrong token is refused (401) and the error says so; a user never reads another's data",
        arguments: Backend.allCases)
    func tokenAndIsolation(backend: Backend) async throws {
        try await Self.withImported(backend) { served in
            let wrong = try served.remote("vt_" + String(repeating: "0", count: 64))
            let error = await #expect(throws: RemoteReadError.self) { try await wrong.typeSummaries() }
            #expect(error?.status == 401 && error?.tokenRefused == true && error?.code == "unauthorized")
            #expect(error?.call == "typeSummaries()" && error?.route == "GET /api/v1/types")
            #expect(error?.description.contains("refused the token") == true)
            #expect(error?.description.contains("vt_") == false)
            let statistics = await #expect(throws: RemoteReadError.self) {
                try await wrong.statistics(
                    StatisticsQuery(
                        type: .stepCount, range: Self.year, interval: .day,
                        calendar: .gregorian(in: Self.zone), options: .sum))
            }
            #expect(statistics?.status == 401 && statistics?.call == "statistics(_:)")

            let ada = try served.remote(served.ada.token)
            let bob = try served.remote(served.bob.token)
            let bobServer = served.reader(served.bob.user)
            let bobTypes = try await bob.typeSummaries()
            let adaTypes = try await ada.typeSummaries()
            Self.expectSame(bobTypes, try await bobServer.typeSummaries(), "bob's types")
            #expect(!bobTypes.isEmpty && bobTypes != adaTypes)
            var bobUUIDs: Set<UUID> = []
            for summary in bobTypes {
                let samples = try await bob.samples(of: summary.type).value
                Self.expectSame(
                    samples, try await bobServer.samples(of: summary.type).value, "bob's \(summary.type.shortName)")
                bobUUIDs.formUnion(samples.map(\.uuid))
            }
            var adaUUIDs: Set<UUID> = []
            for summary in adaTypes {
                adaUUIDs.formUnion(try await ada.samples(of: summary.type).value.map(\.uuid))
            }
            #expect(!bobUUIDs.isEmpty && adaUUIDs.count > 11_000 && adaUUIDs.isDisjoint(with: bobUUIDs))
            #expect(try await bob.activitySummaries().isEmpty)
            let adaSources = Set(try await ada.sources(for: nil).map(\.name))
            #expect(
                Set(try await bob.sources(for: nil).map(\.name))
                    == Set(try await bobServer.sources(for: nil).map(\.name)))
            #expect(!adaSources.isSubset(of: Set(try await bob.sources(for: nil).map(\.name))))
            for workout in try await ada.samples(of: .workout).value {
                #expect(try await bob.routes(ofWorkout: workout.uuid).isEmpty)
            }
            let steps = StatisticsQuery(
                type: .stepCount, range: Self.year, interval: .month, calendar: .gregorian(in: Self.zone),
                options: .sum)
            #expect(try await bob.statistics(steps).value.allSatisfy { $0.sampleCount == 0 })
        }
    }
}
