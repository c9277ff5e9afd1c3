import Foundation
import HTTPTypes
import Testing
import VitalsCore

@testable import VitalsServer

/// `GET /health`, `GET /metrics` and `GET /openapi.json`, and the date parameter of `GET /api/health/{date}`.
@Suite("Server: liveness, metrics, OpenAPI, day routes")
struct MetaRoutesTests {
    @Test("GET /health answers without a token", arguments: Backend.allCases)
    func liveness(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let reply = try await harness.send(.get, "/health")
            #expect(reply.status == .ok)
            #expect(reply.text == #"{"status":"ok"}"#)
            #expect(reply.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    @Test(
        "A path or method no route matches is a 404 in the API's JSON error shape, echoing nothing",
        arguments: Backend.allCases)
    func unknownRoute(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            for (method, path) in [(HTTPRequest.Method.get, "/nope/2025-11-16"), (.delete, "/nope"), (.get, "/api")] {
                let reply = try await harness.send(method, path, token: token)
                #expect(reply.status == .notFound)
                #expect(reply.headers[.contentType] == "application/json; charset=utf-8")
                #expect(
                    reply.text
                        == #"{"error":{"code":"not_found","message":"no route for this method and path","status":404}}"#
                )
            }
        }
    }

    @Test(
        "A known path asked with another method is 405 with Allow naming its methods, for templates and pages too",
        arguments: Backend.allCases)
    func methodNotAllowed(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.delete, "/health", "GET"), (.put, "/api/me", "GET"), (.post, "/api/health/2025-11-16", "GET"),
                (.get, "/api/v1/health/daily", "POST"), (.patch, "/api/me/data", "DELETE"),
                (.delete, "/sign-in", "GET, POST"),
                // A literal segment wins over a parameter, as in the router: not GET /api/health/{date}.
                (.get, "/api/health/sync", "POST"),
            ]
            for (method, path, allow) in cases {
                let reply = try await harness.send(method, path, token: token)
                #expect(reply.status == .methodNotAllowed, "\(method) \(path)")
                #expect(reply.headers[.allow] == allow, "\(method) \(path)")
                #expect((reply.object["error"] as? [String: Any])?["code"] as? String == "method_not_allowed")
            }
            // A path no route has stays 404, whatever the method.
            #expect(try await harness.send(.put, "/api/nothing-here", token: token).status == .notFound)
        }
    }

    @Test("Errors of the API are JSON with sorted members: byteOffset, code, field, message, status")
    func errorShape() throws {
        let error = APIError(.badRequest, code: "invalid_json", "expected a value", field: "$[0].date", byteOffset: 17)
        #expect(
            error.json.jsonText
                == #"{"error":{"byteOffset":17,"code":"invalid_json","field":"$[0].date","message":"expected a value","status":400}}"#
        )
    }

    @Test("GET /metrics counts requests per route template and status, in Prometheus text", arguments: Backend.allCases)
    func metrics(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            for _ in 0..<3 { _ = try await harness.send(.get, "/health") }
            _ = try await harness.send(.get, "/api/health/2025-11-16", token: token)
            _ = try await harness.send(.get, "/api/health/2025-11-15", token: token)
            _ = try await harness.send(.get, "/api/me")
            let reply = try await harness.send(.get, "/metrics")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/plain") == true)
            let lines = reply.text.split(separator: "\n").map(String.init)
            func count(_ labels: String) -> String? {
                lines.first { $0.hasPrefix("vitals_http_requests_total{") && $0.contains(labels) }?
                    .split(separator: " ").last.map(String.init)
            }
            #expect(lines.contains("# TYPE vitals_http_requests_total counter"))
            #expect(count(#"method="GET",route="/health",status="200""#) == "3")
            // Both dates count under the template: no dates reach the labels.
            #expect(count(#"method="GET",route="/api/health/{date}",status="200""#) == "2")
            #expect(count(#"method="GET",route="/api/me",status="401""#) == "1")
            #expect(!reply.text.contains("2025-11-16"))
            #expect(reply.text.contains("vitals_http_request_duration_seconds"))
        }
    }

    @Test("GET /openapi.json is OpenAPI 3.1 JSON describing exactly the registered routes", arguments: Backend.allCases)
    func openAPI(backend: Backend) async throws {
        let routes = try registeredRoutes()
        #expect(routes.count == 27)
        try await withServer(backend) { harness in
            let reply = try await harness.send(.get, "/openapi.json")
            #expect(reply.status == .ok)
            let document = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var described: Set<String> = []
            for (path, item) in paths {
                for method in item.keys { described.insert("\(method.uppercased()) \(path)") }
            }
            let registered = Set(routes.map(\.description))
            #expect(registered.count == routes.count)
            #expect(
                described.subtracting(registered).isEmpty,
                "described, not registered: \(described.subtracting(registered))")
            #expect(
                registered.subtracting(described).isEmpty,
                "registered, not described: \(registered.subtracting(described))")
            #expect(OpenAPIDocument.describedRoutes == registered)

            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            for route in routes {
                let operation = try #require(paths[route.path]?[route.method.lowercased()] as? [String: Any])
                let responses = try #require(operation["responses"] as? [String: Any])
                // /api routes declare bearer security and their 401; /metrics a 401 for its optional token.
                let secured = route.path.hasPrefix("/api")
                #expect((operation["security"] != nil) == secured, "\(route)")
                #expect((responses["401"] != nil) == (secured || route.path == "/metrics"), "\(route)")
                // Path parameters are declared by name.
                let parameters = operation["parameters"] as? [[String: Any]] ?? []
                let names = parameters.filter { $0["in"] as? String == "path" }.compactMap { $0["name"] as? String }
                // Query parameters name their schema.
                #expect(
                    parameters.filter { $0["in"] as? String == "query" }.allSatisfy { $0["schema"] != nil }, "\(route)")
                let captures = route.path.split(separator: "/").filter { $0.hasPrefix("{") }.map {
                    String($0.dropFirst().dropLast())
                }
                #expect(names == captures, "\(route)")
            }
            // Every $ref points at a schema that exists.
            let references = Self.references(in: document)
            #expect(!references.isEmpty)
            for reference in references {
                let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
                #expect(schemas[name] != nil, "\(reference)")
            }
        }
    }

    static func references(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            return (object["$ref"] as? String).map { [$0] } ?? object.values.flatMap(references(in:))
        }
        if let array = value as? [Any] { return array.flatMap(references(in:)) }
        return []
    }

    @Test(
        "GET /api/health/{date}: 400 for a malformed date, 200 for a day without data",
        arguments: Backend.allCases)
    func dayRoute(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            for text in ["2025-13-01", "2025-1-1", "today2", "2025-02-29", "20251116", "2025-11-16x"] {
                let reply = try await harness.day(token, text)
                #expect(reply.status == .badRequest, "\(text)")
                #expect(reply.errorCode == "invalid_date" && reply.errorField == "date", "\(text)")
                #expect(reply.headers[.contentType] == "application/json; charset=utf-8")
            }
            for text in ["2025-11-16", "today", "1900-01-01"] {
                let reply = try await harness.day(token, text)
                #expect(reply.status == .ok, "\(text)")
                #expect(reply.object["error"] == nil && reply.object["snapshots"] as? [Any] != nil, "\(text)")
            }
            #expect(try await harness.daily(token, #"{"date": "2024-02-29", "steps": 29}"#).status == .ok)
            let leap = try await harness.day(token, "2024-02-29")
            #expect(leap.status == .ok && leap.object["date"] as? String == "2024-02-29")
        }
    }
}
