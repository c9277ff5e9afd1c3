import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore

/// JSON responses with one encoder setup: ISO 8601 dates, sorted keys.
enum JSONResponse {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder().encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A response of JSON written by ``JSONValue/jsonText``, for small answers on hot routes.
    static func make(json: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: json.jsonText)))
    }
}
