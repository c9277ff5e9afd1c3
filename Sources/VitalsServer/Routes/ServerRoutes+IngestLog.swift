import Foundation
import Hummingbird
import VitalsCore
import VitalsServerStorage

extension ServerRoutes {
    /// Entries a page of `GET /api/me/ingests` holds unless `limit` says otherwise.
    static let defaultIngestPage = 50

    /// `GET /api/me/ingests` (the log, newest first) and `GET /api/me/ingests/summary` (completeness).
    func registerIngestLog(on api: RouterGroup<VitalsRequestContext>) {
        api.get("/me/ingests") { request, context in
            let user = try context.requireUser()
            let query = request.uri.queryParameters
            let limit = try Self.integer(query.get("limit"), name: "limit", in: 1...HealthService.maximumIngestPage)
            let before = try Self.integer(query.get("before"), name: "before", in: 1...Int.max)
            let page = try await guarded {
                try await service.ingests(
                    of: user, limit: limit ?? Self.defaultIngestPage, before: before.map(Int64.init))
            }
            return try JSONResponse.make(page)
        }
        api.get("/me/ingests/summary") { _, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await guarded { try await service.completeness(of: user) })
        }
    }

    /// A query parameter as a whole number in `range`; nil when absent, 400 naming it otherwise.
    static func integer(_ text: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(
                .badRequest, code: "invalid_query",
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)", field: name)
        }
        return value
    }

    /// Runs a write endpoint's `handle` with the body as JSON, the user and the request's log
    /// entry (time, kind, bytes, user agent); `handle` passes the entry to the service, which
    /// adds it with the write's counts in the write's transaction. A refused or failed request
    /// is logged by itself with its status and error code (never the body), then answered as before.
    func logged(
        _ kind: IngestLogEntry.Kind, _ request: Request, _ context: VitalsRequestContext,
        limit: Int? = nil, flag: String = "--max-body-bytes",
        _ handle: (JSONValue, ServerUser, IngestLogEntry) async throws -> Response
    ) async throws -> Response {
        try await logged(
            kind, request, context, limit: limit, flag: flag,
            reading: { body, _ in
                try RequestReader.document(Data(buffer: body, byteTransferStrategy: .noCopy))
            }, handle)
    }

    /// ``logged(_:_:_:limit:flag:_:)`` with the body read by `read` (the user given), for an
    /// endpoint that reads the bytes itself; the bytes are let go before `handle` runs, so a
    /// large body is not held through the write.
    func logged<Body>(
        _ kind: IngestLogEntry.Kind, _ request: Request, _ context: VitalsRequestContext,
        limit: Int? = nil, flag: String = "--max-body-bytes",
        reading read: (ByteBuffer, ServerUser) throws -> Body,
        _ handle: (Body, ServerUser, IngestLogEntry) async throws -> Response
    ) async throws -> Response {
        let user = try context.requireUser()
        var entry = IngestLogEntry(
            kind: kind, receivedAt: configuration.now(),
            userAgent: request.headers[.userAgent])
        do {
            var bytes = try await bytes(of: request, limit: limit, flag: flag)
            entry.bodyBytes = bytes.readableBytes
            let body = try read(bytes, user)
            bytes = ByteBuffer()
            return try await handle(body, user, entry)
        } catch {
            if entry.bodyBytes == 0, let length = request.headers[.contentLength].flatMap({ Int($0) }) {
                entry.bodyBytes = length
            }
            if let error = error as? APIError {
                entry.status = Int(error.status.code)
                entry.errorCode = error.code
            } else if let error = error as? any HTTPResponseError {
                entry.status = Int(error.status.code)
                entry.errorCode = "http_error"
            } else {
                entry.status = 500
                entry.errorCode = "internal"
            }
            do {
                try await service.recordRefused(entry, for: user)
            } catch {
                // The answer stays the request's own; the log's failure is noted without the body.
                context.logger.error(
                    "ingest log entry not written",
                    metadata: [
                        "kind": "\(kind.rawValue)", "status": "\(entry.status)", "error": "\(type(of: error))",
                    ])
            }
            throw error
        }
    }
}
