import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore

/// An error answered as JSON: `{"error": {"status", "code", "message", "field"?, "byteOffset"?}}`.
///
/// Messages say what was wrong and where (the JSON path), never the values sent.
public struct APIError: HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    /// A stable machine-readable name (`invalid_json`, `invalid_value`, `unauthorized`...).
    public var code: String
    public var message: String
    /// The JSON path or parameter at fault.
    public var field: String?
    /// For malformed JSON: the byte where parsing stopped.
    public var byteOffset: Int64?
    /// For 429 and 503: whole seconds to wait, sent as `Retry-After`.
    public var retryAfter: Int?
    /// For 405: the methods the path takes, sent as `Allow`.
    public var allow: String?
    /// For a storage failure (503): what failed, for the server's log, never for the answer: a
    /// `VitalsError`'s description or the file operation and system error of an upload, neither
    /// holding health data.
    var cause: String?

    public init(
        _ status: HTTPResponse.Status, code: String, _ message: String, field: String? = nil,
        byteOffset: Int64? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.byteOffset = byteOffset
    }

    public var headers: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if status == .unauthorized { fields[.wwwAuthenticate] = "Bearer" }
        if let retryAfter { fields[.retryAfter] = String(retryAfter) }
        if let allow { fields[.allow] = allow }
        return fields
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: json.jsonText)))
    }

    /// The body, members in sorted order (as the API's other answers).
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let byteOffset { members.append(("byteOffset", .number(Double(byteOffset)))) }
        members.append(("code", .string(code)))
        if let field { members.append(("field", .string(field))) }
        members.append(("message", .string(message)))
        members.append(("status", .number(Double(status.code))))
        return .object(.init([("error", .object(.init(members)))]))
    }

    static let unauthorized = APIError(.unauthorized, code: "unauthorized", "a valid bearer token is required")

    /// 429 for a token over its rate limit, with the seconds until its next request is let through.
    static func rateLimited(retryAfter seconds: Int) -> APIError {
        var error = APIError(
            .tooManyRequests, code: "rate_limited",
            "too many requests with this token; retry after \(seconds) s")
        error.retryAfter = seconds
        return error
    }

    /// Malformed JSON (a syntax error): 400 with the path and byte where parsing stopped.
    static func malformed(_ error: VitalsError) -> APIError {
        APIError(
            .badRequest, code: "invalid_json", error.message, field: error.location?.field,
            byteOffset: error.location?.byteOffset)
    }

    /// Well-formed JSON with wrong types or impossible values: 422 naming the field.
    static func unprocessable(_ error: VitalsError) -> APIError {
        APIError(
            .unprocessableContent,
            code: error.code == .invalidInput ? "invalid_field" : snakeCase(error.code.description),
            error.message, field: error.location?.field)
    }

    /// `invalidValue` as `invalid_value`, like every other code the API answers with.
    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
        }
    }

    /// 503 for a database that failed; `cause` goes to the log (``JSONErrorMiddleware``).
    static func storageUnavailable(cause: String) -> APIError {
        var error = APIError(
            .serviceUnavailable, code: "storage_unavailable", "the server could not reach its database")
        error.cause = cause
        return error
    }

    /// The answer to a `VitalsError` raised while serving a request.
    static func from(_ error: VitalsError) -> APIError {
        switch error.code {
        case .notFound: APIError(.notFound, code: "not_found", error.message, field: error.location?.field)
        case .duplicate: APIError(.conflict, code: "duplicate", error.message, field: error.location?.field)
        case .database, .unavailable, .io:
            APIError.storageUnavailable(cause: String(describing: error))
        default: unprocessable(error)
        }
    }
}
