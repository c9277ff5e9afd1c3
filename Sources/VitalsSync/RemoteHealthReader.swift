public import AsyncHTTPClient
public import Foundation
import VitalsContract
public import VitalsCore

/// A server user's data through the server's read API (``VitalsContract/ReadAPI``), never its
/// database: the read protocol (``VitalsStore/ActivityReader``) answered over HTTP with the
/// user's bearer token, so insights, statistics and exports run against a server user as
/// against a local store.
///
/// For the same user its answers equal the server's own reader's (`ServerHealthReader`):
/// samples with their metadata (workouts whole, correlations with members), statistics with
/// every field of the query (calendar zone, first weekday, anchor, interval count, category
/// values, source filter, separateBySource), sources in priority order, routes, activity
/// summaries and type summaries. Large reads go page by page: samples ``samplePageSize`` at a
/// time, statistics ``bucketPageSize`` buckets at a time; pages read while the user's data
/// changes may disagree with each other.
///
/// A statistics query the type does not allow throws the same `VitalsError` a local reader
/// does, before any request. Every other failure is a ``RemoteReadError`` naming the call, the
/// route, the status and the server's message.
public struct RemoteHealthReader: ActivityReader {
    /// The server and the token.
    public let endpoint: SyncEndpoint
    /// How requests are sent.
    public let transport: any SyncTransport
    /// Samples asked for per request, at most ``VitalsContract/ReadAPI/maximumSampleLimit`` (the default).
    public var samplePageSize = ReadAPI.maximumSampleLimit
    /// Buckets asked for per request, at most ``VitalsContract/ReadAPI/maximumBuckets`` (the default).
    public var bucketPageSize = ReadAPI.maximumBuckets

    /// A reader of the user whose token is `token` on the server at `server` (`https://host[:port][/path]`),
    /// through `client` (the shared one by default; its shutdown stays the caller's).
    ///
    /// Throws `.invalidInput` (field `server` or `token`) for a URL or token ``SyncEndpoint`` refuses.
    public init(server: String, token: String, client: HTTPClient = .shared) throws(VitalsError) {
        self.init(
            endpoint: try SyncEndpoint(server: server, token: token),
            transport: AsyncHTTPClientTransport(
                client: client, timeout: .seconds(120),
                maximumResponseBytes: Self.maximumAnswerBytes))
    }

    /// A reader of `endpoint`'s user through `transport`.
    public init(endpoint: SyncEndpoint, transport: any SyncTransport) {
        self.endpoint = endpoint
        self.transport = transport
    }

    /// The largest answer read: a full page of samples with workouts' events, or of buckets by source.
    public static let maximumAnswerBytes = 256 << 20

    public func samples(
        of type: SampleType, matching predicate: SamplePredicate, limit: Int?
    ) async throws
        -> QueryResult<[Sample]>
    {
        let call = "samples(of:matching:limit:)"
        var items = [("type", type.identifier)]
        if let start = predicate.start { items.append(("from", Self.instant(start))) }
        if let end = predicate.end { items.append(("to", Self.instant(end))) }
        if !predicate.options.isEmpty { items.append(("options", ReadAPI.words(predicate.options))) }
        items += Self.items(predicate.sources)
        let pageSize = min(max(1, samplePageSize), ReadAPI.maximumSampleLimit)
        var samples: [Sample] = []
        var offset = 0
        while true {
            let wanted = limit.map { $0 - samples.count } ?? pageSize
            guard wanted > 0 else { break }
            let data = try await get(
                "/api/v1/samples",
                items + [
                    ("limit", String(min(wanted, pageSize))),
                    ("offset", String(offset)),
                ], call: call)
            let page: SamplesPage
            do throws(VitalsError) {
                page = try SamplesPage(json: data)
            } catch {
                throw unreadable("/api/v1/samples", call: call, error)
            }
            samples += page.samples
            guard let next = page.nextOffset, next > offset, !page.samples.isEmpty else { break }
            offset = next
        }
        return QueryResult(samples)
    }

    public func statistics(_ query: StatisticsQuery) async throws -> QueryResult<[Statistics]> {
        try query.validate()
        let call = "statistics(_:)"
        var items = try calendarItems(query.calendar, call: call)
        items += [
            ("type", query.type.identifier), ("to", Self.instant(query.range.end)),
            ("interval", query.interval.rawValue), ("intervalCount", String(query.intervalCount)),
            ("anchor", Self.instant(query.anchor)), ("options", ReadAPI.words(query.options)),
            ("limit", String(min(max(1, bucketPageSize), ReadAPI.maximumBuckets))),
        ]
        if let values = query.categoryValues {
            items.append(("categoryValues", values.sorted().map(String.init).joined(separator: ",")))
        }
        items += Self.items(query.sources)
        var statistics: [Statistics] = []
        var from = query.range.start
        while true {
            let answer = try await decoded(
                ReadStatisticsResponse.self, "/api/v1/statistics",
                items + [("from", Self.instant(from))], call: call)
            do throws(VitalsError) {
                statistics += try answer.statistics()
            } catch {
                throw unreadable("/api/v1/statistics", call: call, error)
            }
            guard let next = answer.nextFrom, next > from, next < query.range.end else { break }
            from = next
        }
        return QueryResult(statistics)
    }

    public func sources(for type: SampleType?) async throws -> [Source] {
        try await decoded(
            ReadSourcesResponse.self, "/api/v1/sources", type.map { [("type", $0.identifier)] } ?? [],
            call: "sources(for:)"
        ).sources
    }

    public func routes(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] {
        try await decoded(
            ReadRoutesResponse.self, "/api/v1/workouts/\(uuid.uuidString)/routes", [],
            call: "routes(ofWorkout:)"
        ).routes
    }

    public func activitySummaries(in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary] {
        let items = days.map { [("from", $0.lowerBound.description), ("to", $0.upperBound.description)] } ?? []
        return try await decoded(
            ReadActivitySummariesResponse.self, "/api/v1/activity-summaries", items,
            call: "activitySummaries(in:)"
        ).activitySummaries
    }

    public func typeSummaries() async throws -> [TypeSummary] {
        try await decoded(ReadTypesResponse.self, "/api/v1/types", [], call: "typeSummaries()").types.map {
            TypeSummary(type: $0.type, count: $0.count, first: $0.first, last: $0.last)
        }
    }
}
