public import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The sync client's transport on AsyncHTTPClient.
///
/// Uses `HTTPClient.shared` unless given a client (whose shutdown is then the caller's).
public struct AsyncHTTPClientTransport: SyncTransport {
    /// The client requests go through.
    public let client: HTTPClient
    /// Longest wait for one request, connecting included. Default 30 s.
    public var timeout: Duration
    /// Largest answer body read; longer ones fail the request. Default 1 MB.
    public var maximumResponseBytes: Int

    public init(client: HTTPClient = .shared, timeout: Duration = .seconds(30), maximumResponseBytes: Int = 1 << 20) {
        self.client = client
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    public func send(_ request: SyncHTTPRequest) async throws -> SyncHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if !request.body.isEmpty { outgoing.body = .bytes(request.body) }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let response = try await client.execute(outgoing, timeout: .nanoseconds(max(1, nanoseconds)))
        let body = try await response.body.collect(upTo: maximumResponseBytes)
        var headers: [String: String] = [:]
        for field in response.headers {
            let name = field.name.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return SyncHTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }
}
