import Foundation
import VitalsSync

/// The real AsyncHTTPClient transport, counting the requests that go through it and how each ended.
struct CountingTransport: SyncTransport {
    let inner: any SyncTransport
    let counter = RequestCounter()

    init(_ inner: any SyncTransport = AsyncHTTPClientTransport()) { self.inner = inner }

    func send(_ request: SyncHTTPRequest) async throws -> SyncHTTPResponse {
        await counter.add(request)
        do {
            let response = try await inner.send(request)
            await counter.end(.status(response.status))
            return response
        } catch {
            await counter.end(.noAnswer("\(type(of: error))"))
            throw error
        }
    }
}

/// The requests a ``CountingTransport`` sent.
actor RequestCounter {
    /// How a request ended: an answer's status, or no answer (the error's type).
    enum Outcome: Sendable, CustomStringConvertible {
        case status(Int)
        case noAnswer(String)

        /// Whether the sync client tries this request again (``RetryPolicy``).
        var isRetried: Bool {
            switch self {
            case .status(let status): RetryPolicy.isRetryable(status: status)
            case .noAnswer: true
            }
        }

        var description: String {
            switch self {
            case .status(let status): "\(status)"
            case .noAnswer(let error): "no answer (\(error))"
            }
        }
    }

    private(set) var requests: [SyncHTTPRequest] = []
    private(set) var outcomes: [Outcome] = []
    var count: Int { requests.count }

    /// Requests sent but for the retries: on a loaded machine an answer may come late (a
    /// timeout) or as a 503, and the client rightly sends that request again.
    var firstAttempts: Int { requests.count - outcomes.count { $0.isRetried } }

    func add(_ request: SyncHTTPRequest) { requests.append(request) }
    func end(_ outcome: Outcome) { outcomes.append(outcome) }
}
