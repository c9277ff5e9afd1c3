import HTTPTypes
import HummingbirdTesting
import NIOCore
import VitalsTestSupport

/// A test client that notes each request and its answer in the fixture's ``StageTrace``, so a
/// run that hangs says which request of an unfinished fixture never got its answer.
struct TracingClient: TestClientProtocol {
    let client: any TestClientProtocol
    let trace: StageTrace

    var port: Int? { client.port }

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        // The path only: a query may hold a date but never a token; bodies are not noted.
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        trace.note("request \(method) \(path)")
        let response = try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
        trace.note("answered \(response.status.code)")
        return response
    }
}
