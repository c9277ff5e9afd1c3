import Foundation
import HummingbirdTesting
import Testing
import VitalsTestSupport

@testable import VitalsServer

#if canImport(Glibc)
import Glibc
#endif

/// Slow and oversized clients: a request head trickled a byte at a time (slowloris) or a body
/// that stops is cut off after the client timeout while other clients are served; heads over
/// the size or field limits are refused.
@Suite("Server: slow clients and header limits", .mayBlock)
struct SlowClientTests {
    /// Sends `prefix`, then one more byte of `filler` every 100 ms for `trickling` seconds (or
    /// nothing more), within `seconds` in all; returns whether the server closed the connection
    /// in that time (and what it answered).
    static func trickle(
        port: Int, prefix: String, filler: UInt8 = UInt8(ascii: "a"), trickling: Double = .infinity,
        seconds: Double
    ) throws -> (closed: Bool, answer: String) {
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        let head = Array(prefix.utf8)
        _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let start = Date()
        let deadline = start.addingTimeInterval(seconds)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            // 0 is the server's FIN; an error other than "nothing yet" is its RST (a close with
            // bytes unread), which closes the connection just the same.
            if received == 0 || (received < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                return (true, String(decoding: answer, as: UTF8.self))
            }
            if received > 0 { answer += buffer[0..<received] }
            var byte = filler
            if Date().timeIntervalSince(start) < trickling, send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) < 0 {
                return (true, String(decoding: answer, as: UTF8.self))
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return (false, String(decoding: answer, as: UTF8.self))
    }

    /// How long a slow client waits to be cut off: the server's timeout is 1 s, and a server
    /// that cuts the client off ends the wait at once. Runs that needed 40, 150, even 400 s were
    /// not late timers: the server closed the connection on time, but a child process another
    /// test started meanwhile had inherited its socket (NIO opens sockets without close-on-exec)
    /// and kept it open, so no FIN went out until that child ended. The tests' children now
    /// inherit nothing (``SpawnActions/closeInherited(_:)``); the margin stays for a loaded run.
    static let patience: Double = 120

    @Test(
        "A head trickled byte by byte and a stalled body are closed after the client timeout; others are served meanwhile"
    )
    func slowloris() async throws {
        var configuration = ServerConfiguration.testing
        configuration.clientTimeout = 1
        try await withServer(.sqlite, configuration: configuration, setup: .live) { harness in
            let port = try #require(harness.client.port)
            let (_, token) = try await harness.user("ada")
            async let head = blocking {
                try Self.trickle(
                    port: port, prefix: "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", seconds: Self.patience)
            }
            async let body = blocking {
                try Self.trickle(
                    port: port,
                    prefix: "POST /api/v1/health/daily HTTP/1.1\r\nHost: localhost\r\n"
                        + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 1000\r\n\r\n{\"date\": ", trickling: 0, seconds: Self.patience)
            }
            // Served, each on a new connection, while the slow ones hold theirs.
            for _ in 0..<5 {
                let answer = try await RawHTTP.exchange(
                    "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                    port: port)
                #expect(answer.status == 200)
            }
            let trickled = try await head
            #expect(trickled.closed, "the trickled head was cut off")
            #expect(!trickled.answer.contains("200 OK"))
            let stalled = try await body
            #expect(stalled.closed, "the stalled body was cut off")
            #expect(!stalled.answer.contains("200 OK"), "nothing stored from half a body")
        }
    }

    @Test("Heads over the byte or field-count limit are refused; a normal one passes")
    func headerLimits() async throws {
        var configuration = ServerConfiguration.testing
        configuration.maximumHeaderBytes = 4096
        configuration.maximumHeaderCount = 20
        try await withServer(.sqlite, configuration: configuration, setup: .live) { harness in
            let port = try #require(harness.client.port)
            let normal = try await RawHTTP.exchange(
                "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port)
            #expect(normal.status == 200)
            let big = try await RawHTTP.exchange(
                "GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: "
                    + String(repeating: "b", count: 8000) + "\r\nConnection: close\r\n\r\n", port: port)
            #expect(big.status != 200, "an 8 KB header over a 4 KB limit")
            let many = (0..<30).map { "X-H\($0): v\r\n" }.joined()
            let crowded = try await RawHTTP.exchange(
                "GET /health HTTP/1.1\r\nHost: localhost\r\n\(many)Connection: close\r\n\r\n",
                port: port)
            #expect(crowded.status != 200, "30 fields over a limit of 20")
        }
    }
}
