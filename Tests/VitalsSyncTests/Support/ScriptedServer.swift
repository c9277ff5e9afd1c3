import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What the scripted server answers to one request.
struct ScriptedAnswer: Sendable {
    var status: Int
    var retryAfter: String?
    /// The `{"error": ...}` body's code and field, for error answers.
    var errorCode = "unavailable"
    var errorField: String?

    static func fail(_ status: Int, retryAfter: String? = nil) -> ScriptedAnswer {
        ScriptedAnswer(status: status, retryAfter: retryAfter)
    }
}

/// The answers still to give, and what was asked.
actor AnswerScript {
    private var answers: [ScriptedAnswer]
    private(set) var requests = 0

    init(_ answers: [ScriptedAnswer]) { self.answers = answers }

    /// The next scripted failure, or nil when the request should succeed.
    func next() -> ScriptedAnswer? {
        requests += 1
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    func replace(with answers: [ScriptedAnswer]) { self.answers = answers }
}

/// A tiny loopback stand-in for a sync server that fails as scripted, then answers seed 003's
/// success (`recordsUpserted` = the number of days posted). Only for failure paths: everything
/// else is tested against the real server.
func withScriptedServer(_ script: AnswerScript, _ body: @Sendable (String) async throws -> Void) async throws {
    let router = Router()
    router.post("/api/v1/health/daily") { request, _ -> Response in
        var request = request
        let buffer = try await request.collectBody(upTo: 5 << 20)
        if let answer = await script.next() {
            var headers: HTTPFields = [.contentType: "application/json"]
            if let retryAfter = answer.retryAfter { headers[HTTPField.Name("Retry-After")!] = retryAfter }
            var error: [String: Any] = ["status": answer.status, "code": answer.errorCode, "message": "scripted"]
            if let field = answer.errorField { error["field"] = field }
            let data = try JSONSerialization.data(withJSONObject: ["error": error])
            return Response(
                status: HTTPResponse.Status(code: answer.status), headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        let days = (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [Any])?.count ?? 1
        let data = try JSONSerialization.data(withJSONObject: ["status": "success", "recordsUpserted": days])
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    let application = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: quietLogger)
    try await running(application, ports: ports) { port in try await body("http://127.0.0.1:\(port)") }
}
