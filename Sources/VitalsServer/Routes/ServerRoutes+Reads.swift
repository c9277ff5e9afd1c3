import Foundation
import Hummingbird
import NIOCore
import VitalsContract
import VitalsCore
import VitalsServerStorage
import VitalsStore

extension ServerRoutes {
    /// The read API: the token's user's data through the read protocol (``ServerHealthReader``,
    /// an ``VitalsStore/ActivityReader``), one route per call, so a client (`RemoteHealthReader`)
    /// answers as the server's own reader does. Read-only; a bad parameter is 400 naming it.
    ///
    /// - `GET /api/v1/types`: the stored types with count, first start and last end.
    /// - `GET /api/v1/samples`: samples of `type` matching `from`, `to`, `options` and the sources,
    ///   oldest start first, a page of `limit` (default 1000, at most 10,000) from `offset`.
    /// - `GET /api/v1/statistics`: a statistics collection, at most `limit` buckets an answer.
    /// - `GET /api/v1/sources`: the sources (of `type`) in priority order.
    /// - `GET /api/v1/activity-summaries`: the Activity rings of the days `from` through `to`.
    /// - `GET /api/v1/workouts/{uuid}/routes`: a workout's routes.
    func registerReads(on api: RouterGroup<VitalsRequestContext>) {
        api.get("/v1/types") { _, context in
            let user = try context.requireUser()
            let summaries = try await guarded { try await reader(of: user).typeSummaries() }
            return try Self.readAnswer(
                ReadTypesResponse(
                    types: summaries.map {
                        ReadTypesResponse.Entry(type: $0.type, count: $0.count, first: $0.first, last: $0.last)
                    }))
        }
        api.get("/v1/samples") { request, context in
            let user = try context.requireUser()
            let query = ReadQuery(request, user: user)
            let type = try query.type(required: true)!
            let predicate = try query.samplePredicate()
            let limit = try query.integer("limit", in: 1...ReadAPI.maximumSampleLimit) ?? ReadAPI.defaultSampleLimit
            let offset = try query.integer("offset", in: 0...ReadAPI.maximumOffset) ?? 0
            let names = query.sourceNames
            // One more than the page tells whether another follows; a name filter reads all first.
            var samples = try await guarded {
                try await reader(of: user).samples(
                    of: type, matching: predicate,
                    limit: names.isEmpty ? offset + limit + 1 : nil
                ).value
            }
            if !names.isEmpty { samples.removeAll { !names.contains($0.source.name) } }
            let page = SamplesPage(
                samples: Array(samples.dropFirst(offset).prefix(limit)),
                nextOffset: samples.count > offset + limit ? offset + limit : nil)
            return Self.readAnswer(json: page.json(in: user.calendar.timeZone))
        }
        api.get("/v1/statistics") { request, context in
            let user = try context.requireUser()
            let (query, limit) = try ReadQuery(request, user: user).statistics()
            let (first, rest) = query.firstBuckets(limit)
            let statistics = try await guarded { try await reader(of: user).statistics(first).value }
            return try Self.readAnswer(ReadStatisticsResponse(statistics, nextFrom: rest))
        }
        api.get("/v1/sources") { request, context in
            let user = try context.requireUser()
            let type = try ReadQuery(request, user: user).type(required: false)
            let sources = try await guarded { try await reader(of: user).sources(for: type) }
            return try Self.readAnswer(ReadSourcesResponse(sources: sources))
        }
        api.get("/v1/activity-summaries") { request, context in
            let user = try context.requireUser()
            let days = try ReadQuery(request, user: user).days()
            let summaries = try await guarded { try await reader(of: user).activitySummaries(in: days) }
            return try Self.readAnswer(ReadActivitySummariesResponse(activitySummaries: summaries))
        }
        api.get("/v1/workouts/{uuid}/routes") { _, context in
            let user = try context.requireUser()
            guard let uuid = context.parameters.get("uuid").flatMap(UUID.init(uuidString:)) else {
                throw ReadQuery.invalid("uuid", "uuid must be a workout's UUID")
            }
            let routes = try await guarded { try await reader(of: user).routes(ofWorkout: uuid) }
            return try Self.readAnswer(ReadRoutesResponse(routes: routes))
        }
    }

    /// The user's read view.
    private func reader(of user: ServerUser) -> ServerHealthReader {
        ServerHealthReader(repository: service.repository, user: user)
    }

    /// A read answer as JSON, dates to the microsecond (``ReadAPI/encoder()``).
    static func readAnswer(_ value: some Encodable) throws -> Response {
        readAnswer(json: try ReadAPI.encoder().encode(value))
    }

    /// A read answer of JSON bytes.
    static func readAnswer(json: Data) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }
}
