import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsServer
import VitalsServerStorage

extension Harness {
    /// `POST` of a JSON body with a bearer token and, when given, a `User-Agent`.
    func post(_ uri: String, token: String, _ json: String, userAgent: String? = nil) async throws -> Reply {
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        if let userAgent { headers[.userAgent] = userAgent }
        let response = try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: json))
        return Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
    }

    /// `GET /api/me/ingests` with the query given, decoded; fails the test when the status is not 200.
    func ingests(_ token: String, _ query: String = "") async throws -> IngestLogPage {
        let reply = try await send(.get, "/api/me/ingests" + query, token: token)
        try #require(reply.status == .ok, "\(reply.text)")
        return try reply.decode(IngestLogPage.self)
    }

    /// `GET /api/me/ingests/summary`, decoded; fails the test when the status is not 200.
    func completeness(_ token: String) async throws -> IngestCompleteness {
        let reply = try await send(.get, "/api/me/ingests/summary", token: token)
        try #require(reply.status == .ok, "\(reply.text)")
        return try reply.decode(IngestCompleteness.self)
    }
}

extension LoggedJSON {
    /// The member `key` of an object.
    subscript(key: String) -> LoggedJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }
}
