import Foundation
import Hummingbird
import NIOCore
import VitalsContract
import VitalsCore
import VitalsImport
import VitalsServerStorage

/// Registers every route of the server on a router.
struct ServerRoutes {
    let service: HealthService
    let configuration: ServerConfiguration
    let metrics: ServerMetrics
    /// Uploaded exports and their imports (`/api/me/imports`).
    let imports: ImportJobQueue

    func register(on routes: RouteRecorder<VitalsRequestContext>) {
        routes.get("/health") { _, _ in try JSONResponse.make(["status": "ok"]) }
        let metricsTokenHash = configuration.metricsToken.map(TokenHasher.hash)
        routes.get("/metrics") { request, _ in
            if let metricsTokenHash {
                let presented = request.headers[.authorization].flatMap { header -> String? in
                    guard header.utf8.count < 512, header.lowercased().hasPrefix("bearer ") else { return nil }
                    return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
                }
                guard let presented, TokenHasher.constantTimeEquals(TokenHasher.hash(presented), metricsTokenHash)
                else {
                    throw APIError.unauthorized
                }
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.registry.emitToBuffer())))
        }
        routes.get("/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.json(now: configuration.now()))))
        }

        let cache = TokenCache(lifetime: configuration.tokenCacheSeconds, now: configuration.now)
        let limiter =
            configuration.rateLimitPerSecond > 0
            ? RateLimiter(
                rate: configuration.rateLimitPerSecond, burst: configuration.rateLimitBurst, now: configuration.now)
            : nil
        let api = routes.group("/api").add(
            middleware: BearerAuthMiddleware(
                repository: service.repository, cache: cache,
                limiter: limiter))
        api.get("/me") { _, context in
            let user = try context.requireUser()
            return try JSONResponse.make(["name": user.name, "timeZone": user.timeZone])
        }
        api.post("/health/sync") { request, context in
            try await logged(.sync, request, context) { document, user, entry in
                let reader = reader()
                let sync = try RequestReader.validating { () throws(VitalsError) in try reader.syncRequest(document) }
                return try JSONResponse.make(try await guarded { try await service.sync(sync, for: user, log: entry) })
            }
        }
        api.get("/health/today") { _, context in
            let user = try context.requireUser()
            return try await day(user.today(at: configuration.now()), for: user)
        }
        api.get("/health/{date}") { _, context in
            let user = try context.requireUser()
            let text = context.parameters.get("date") ?? ""
            guard let date = try? LocalDate(parsing: text) else {
                throw APIError(
                    .badRequest, code: "invalid_date", "expected a date like 2025-11-16 (YYYY-MM-DD)",
                    field: "date")
            }
            return try await day(date, for: user)
        }
        api.post("/v1/health/daily") { request, context in
            try await logged(.daily, request, context) { document, user, entry in
                let reader = reader()
                let daily = try RequestReader.validating { () throws(VitalsError) in try reader.dailyMetrics(document) }
                var answer = try await guarded { try await service.upsertDaily(daily.metrics, for: user, log: entry) }
                // Unknown members are not refused (a newer client's fields), but named.
                answer.ignored = daily.ignored
                return JSONResponse.make(json: answer.jsonValue)
            }
        }
        api.post("/v1/ingest/health-auto-export") { request, context in
            try await logged(
                .healthAutoExport, request, context, limit: configuration.maximumIngestBytes,
                flag: "--max-ingest-bytes",
                reading: { body, user in
                    let parser = HealthAutoExportParser(
                        strict: try strictParameter(of: request),
                        aggregation: try aggregationParameter(of: request),
                        calendar: user.calendar, receivedAt: configuration.now())
                    return try HealthAutoExportBody(
                        body, parser: parser, calendar: user.calendar, chunkSamples: configuration.ingestChunkSamples)
                }
            ) { body, user, entry in
                try JSONResponse.make(try await guarded { try await service.ingest(body, for: user, log: entry) })
            }
        }
        registerQuests(on: api)
        registerIngestLog(on: api)
        registerImports(on: api)
        registerExport(on: api)
        registerReads(on: api)
        registerInsights(on: api)
        api.delete("/me/data") { _, context in
            let user = try context.requireUser()
            let erased = try await guarded { try await service.repository.eraseData(of: user) }
            return try JSONResponse.make(ErasedReport(erased: erased))
        }
    }

    private func registerQuests(on api: RouterGroup<VitalsRequestContext>) {
        api.post("/quests") { request, context in
            let user = try context.requireUser()
            let document = try await body(of: request)
            let quest = try RequestReader.validating { () throws(VitalsError) in
                try reader().quest(document, id: UUID().uuidString.lowercased(), now: configuration.now())
            }
            try await guarded { try await service.repository.addQuest(quest, for: user) }
            return try JSONResponse.make(quest, status: .created)
        }
        api.get("/quests") { _, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await guarded { try await service.repository.quests(of: user) })
        }
        api.delete("/quests/{id}") { _, context in
            let user = try context.requireUser()
            let id = context.parameters.get("id") ?? ""
            guard try await guarded({ try await service.repository.deleteQuest(id: id, of: user) }) else {
                throw APIError(.notFound, code: "not_found", "no such quest", field: "id")
            }
            return Response(status: .noContent)
        }
    }

    /// The ingest's `strict` query parameter: `true` (all or nothing) or `false` (the default).
    private func strictParameter(of request: Request) throws(APIError) -> Bool {
        let value = request.uri.queryParameters.get("strict")
        if value == nil || value == "false" { return false }
        if value == "true" { return true }
        throw APIError(.badRequest, code: "invalid_parameter", "expected true or false", field: "strict")
    }

    /// The ingest's `aggregation` query parameter: how the app aggregated the body's values
    /// (``HealthAutoExportAggregation``); told from the items when absent.
    private func aggregationParameter(of request: Request) throws(APIError) -> HealthAutoExportAggregation {
        guard let value = request.uri.queryParameters.get("aggregation") else { return .inferred }
        guard let aggregation = HealthAutoExportAggregation(parameter: value) else {
            throw APIError(
                .badRequest, code: "invalid_parameter", "expected \(HealthAutoExportAggregation.parameterWords)",
                field: "aggregation")
        }
        return aggregation
    }

    /// A reader of request bodies with the days accepted now.
    private func reader() -> RequestReader { RequestReader(now: configuration.now()) }

    /// The request body as JSON: 413 past the limit, 400 when it is not JSON.
    private func body(of request: Request) async throws -> JSONValue {
        try RequestReader.document(Data(buffer: try await bytes(of: request), byteTransferStrategy: .noCopy))
    }

    /// The request body's bytes: 413 past `limit` (default ``ServerConfiguration/maximumBodyBytes``),
    /// naming the limit and the `vitals serve` flag that sets it.
    ///
    /// A body announced larger than the limit (`Content-Length`) is refused before any of it is
    /// read; one sent in chunks is refused as soon as it passes the limit.
    func bytes(of request: Request, limit: Int? = nil, flag: String = "--max-body-bytes") async throws -> ByteBuffer {
        let limit = limit ?? configuration.maximumBodyBytes
        func tooLarge() -> APIError {
            APIError(
                .contentTooLarge, code: "body_too_large",
                "the body is larger than \(limit) bytes, this server's limit (vitals serve \(flag))")
        }
        let announced = request.headers[.contentLength].flatMap { Int($0) }
        if let announced, announced > limit { throw tooLarge() }
        // Room for the announced length at once: a 100 MB body is not copied as its buffer grows.
        var buffer = ByteBufferAllocator().buffer(capacity: min(announced ?? 0, limit))
        for try await fragment in request.body {
            guard buffer.readableBytes + fragment.readableBytes <= limit else { throw tooLarge() }
            buffer.writeImmutableBuffer(fragment)
        }
        return buffer
    }

    /// A day's report; a day without data is 200 with empty values, not 404.
    private func day(_ date: LocalDate, for user: ServerUser) async throws -> Response {
        try JSONResponse.make(try await guarded { try await service.day(date, for: user) })
    }

    /// Runs repository work, answering its `VitalsError`s with the matching status.
    func guarded<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as VitalsError {
            throw APIError.from(error)
        }
    }
}

/// `DELETE /api/me/data`'s answer: `{"status": "deleted", "erased": {...counts}}`.
struct ErasedReport: Encodable {
    var status = "deleted"
    var erased: ErasedCounts
}

/// A Health Auto Export body as the ingest route hands it on: parsed, or being parsed.
