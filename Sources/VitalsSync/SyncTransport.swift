public import Foundation

/// Sends one HTTP request and returns the answer: the only network access of the sync client.
///
/// ``AsyncHTTPClientTransport`` is the real one. A transport throws only when no answer came
/// (connection refused, timeout, reset); every HTTP status, errors included, is an answer.
/// Retrying, backoff and status handling are the caller's (``SyncUploader``).
public protocol SyncTransport: Sendable {
    /// Sends `request` once.
    func send(_ request: SyncHTTPRequest) async throws -> SyncHTTPResponse
}

/// An HTTP request of the sync client.
public struct SyncHTTPRequest: Sendable, Hashable {
    /// `POST`, `GET`...
    public var method: String
    /// The absolute URL.
    public var url: String
    /// Header fields, in order.
    public var headers: [(name: String, value: String)]
    /// The body (empty for none).
    public var body: Data

    public init(method: String, url: String, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func == (lhs: SyncHTTPRequest, rhs: SyncHTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(body)
    }
}

/// An HTTP answer: status, headers and body.
public struct SyncHTTPResponse: Sendable, Hashable {
    /// The status code (200, 429, 503...).
    public var status: Int
    /// Header fields by lowercased name (repeated fields joined with `, `).
    public var headers: [String: String]
    /// The body.
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
        self.body = body
    }

    /// A header's value, by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
