import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import VitalsCore
import VitalsDashboard
import VitalsInsights
import VitalsStore
import VitalsTestSupport

/// One answer of the router: status, `Location` header and body.
struct FormAnswer {
    var status: HTTPResponse.Status
    var location: String?
    var body: String
}

extension DashboardFixture {
    /// Sends `requests` (`GET` when `fields` is nil, else a form `POST`) to the dashboard over the
    /// fixture's store, `scope` replacing the local one when given.
    func send(
        _ requests: [(path: String, fields: [(String, String)]?)], now: Date,
        scope: DashboardScope? = nil
    ) async throws -> [FormAnswer] {
        var configuration = DashboardConfiguration()
        configuration.now = { now }
        let router: Router<BasicRequestContext>
        if let scope {
            router = Router()
            Dashboard<BasicRequestContext>(configuration: configuration) { _, _ in scope }.register(on: router)
        } else {
            router = DashboardApplication.makeRouter(store: store, configuration: configuration)
        }
        return try await Application(router: router).test(.router) { client in
            var answers: [FormAnswer] = []
            for request in requests {
                let response: TestResponse
                if let fields = request.fields {
                    response = try await client.execute(
                        uri: request.path, method: .post,
                        headers: [.contentType: "application/x-www-form-urlencoded"],
                        body: ByteBuffer(string: Self.encode(fields)))
                } else {
                    response = try await client.execute(uri: request.path, method: .get)
                }
                answers.append(
                    FormAnswer(
                        status: response.status, location: response.headers[.location],
                        body: String(buffer: response.body)))
            }
            return answers
        }
    }

    /// POSTs one form.
    func post(
        _ path: String, _ fields: [(String, String)], now: Date, scope: DashboardScope? = nil
    ) async throws -> FormAnswer {
        try await send([(path, fields)], now: now, scope: scope)[0]
    }

    /// GETs one page.
    func page(_ path: String, now: Date, scope: DashboardScope? = nil) async throws -> FormAnswer {
        try await send([(path, nil)], now: now, scope: scope)[0]
    }

    /// `name=value&...`, percent-encoded as a browser sends a form.
    static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }.joined(separator: "&")
    }

    /// Every weight in the store, as `vitals weight list` reads them.
    func weights() async throws -> [WeightRecord] {
        try await UnifiedQuery(WeightQuery()).fetch(from: .distantPast, to: .distantFuture, store: store).value
    }

    /// The rows of a Records page: one attribute dictionary per record, in page order.
    static func rows(_ html: String) -> [[String: String]] {
        PageReader.elements(html, containing: "class=\"record\"")
    }
}
