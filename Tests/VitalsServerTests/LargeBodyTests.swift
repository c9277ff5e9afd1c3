import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import VitalsServer

#if canImport(Glibc)
import Glibc
#endif

/// Only a few large bodies are read at once; more get 503 with Retry-After before being read,
/// while small requests go on; a slot is free again when its upload ends.
@Suite("Server: concurrent large bodies")
struct LargeBodyTests {
    /// A connection that sent a request head and part of its body, and holds the rest back.
    final class HeldUpload: @unchecked Sendable {
        let fd: Int32

        init(port: Int, head: String, partialBody: String) throws {
            fd = try RawHTTP.connect(port: port)
            let bytes = Array((head + partialBody).utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Closes with a reset (SO_LINGER 0): the server's channel closes at once. A plain close
        /// is a FIN, which the server (remote half-closure allowed) may take as input ended
        /// only when it next reads; on a loaded CI machine the slot then stayed taken past 30 s.
        func abandon() {
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            close(fd)
        }
    }

    @Test(
        "With one slot: a held large upload makes the next large one 503 with Retry-After; small ones pass; closing frees it"
    )
    func gate() async throws {
        var configuration = ServerConfiguration.testing
        configuration.maximumConcurrentLargeBodies = 1
        configuration.largeBodyBytes = 1024
        // In full CI runs on a loaded machine the slot was still taken 30 s after the held upload
        // was abandoned (reset or not), by a connection that was never seen to close; the server's
        // idle timeout is then what frees it, so it is short here.
        configuration.clientTimeout = 5
        try await withServer(.sqlite, configuration: configuration, setup: .live) { harness in
            let port = try #require(harness.client.port)
            let (_, token) = try await harness.user("ada")
            let post = { (path: String, json: String) in
                "POST \(path) HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n\r\n" + json
            }
            let head = { (length: Int) in
                "POST /api/v1/ingest/health-auto-export HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
            }
            // A probe may reach the gate before the held upload does: then the probe holds the
            // slot and hears nothing, and the held upload was refused. Both are closed (freeing
            // the slot) and the pair is tried again.
            var held: HeldUpload?
            var refused: (status: Int, text: String) = (0, "")
            for _ in 0..<20 where refused.status != 503 {
                held?.abandon()
                held = try HeldUpload(port: port, head: head(50_000), partialBody: #"{"data": {"metrics": ["#)
                try await Task.sleep(for: .milliseconds(200))
                refused =
                    (try? await RawHTTP.exchange(head(50_000), port: port, seconds: 2, dumpingThreads: false)) ?? (
                        0, ""
                    )
            }
            #expect(
                refused.status == 503 && refused.text.contains("Retry-After: 5")
                    && refused.text.contains(#""code":"busy""#),
                "\(refused.text.prefix(300))")
            // Small requests are never held back.
            // Each request on a new connection: the server's 5 s idle timeout closes kept-alive ones.
            let daily = #"{"date":"2025-11-16","steps":5}"#
            let small = try await RawHTTP.exchange(post("/api/v1/health/daily", daily), port: port, seconds: 60)
            #expect(small.status == 200, "\(small.text.prefix(300))")

            held?.abandon()
            let body = IngestEndpointTests.document(metrics: [
                IngestEndpointTests.metric(
                    "step_count", "count",
                    (0..<40).map { minute in
                        IngestEndpointTests.period(
                            Double(minute), "2025-11-16 09:\(String(format: "%02d", minute)):00 +0000",
                            "2025-11-16 09:\(String(format: "%02d", minute)):30 +0000", "Phone")
                    })
            ])
            try #require(body.utf8.count >= 1024, "the second upload is large too")
            var answer: (status: Int, text: String) = (503, "")
            // The server frees the slot when it sees the connection close: soon, later on a loaded machine.
            for _ in 0..<300 where answer.status == 503 {
                answer = try await RawHTTP.exchange(
                    post("/api/v1/ingest/health-auto-export", body), port: port, seconds: 60)
                if answer.status == 503 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(answer.status == 200, "the abandoned upload's slot is free again: \(answer.text.prefix(300))")
        }
    }
}
