import Foundation
import VitalsSync

/// The real AsyncHTTPClient transport, counting the requests that go through it.
struct CountingTransport: SyncTransport {
    let inner: any SyncTransport
    let counter = RequestCounter()

    init(_ inner: any SyncTransport = AsyncHTTPClientTransport()) { self.inner = inner }

    func send(_ request: SyncHTTPRequest) async throws -> SyncHTTPResponse {
        await counter.add(request)
        return try await inner.send(request)
    }
}

/// The requests a ``CountingTransport`` sent.
actor RequestCounter {
    private(set) var requests: [SyncHTTPRequest] = []
    var count: Int { requests.count }
    func add(_ request: SyncHTTPRequest) { requests.append(request) }
}
