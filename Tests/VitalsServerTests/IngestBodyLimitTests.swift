import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsTestSupport

/// Issue 15's large backfills: a year of Health Auto Export data in one body, and bodies refused
/// before they are read.
@Suite("Server: large Health Auto Export bodies")
struct IngestBodyLimitTests {
    /// One step sample, so an accepted body visibly stores something.
    static let payload =
        #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 1234, "date": "2025-11-15 08:00:00 +0000", "source": "iPhone"}]}]}}"#

    /// Parsing 100 MB takes seconds in a debug build: on threads of its own (`.mayBlock`), not
    /// on the shared ones every other test of the run waits for.
    @Test("A 100 MB ingest body is accepted (the default limit) and stored", .mayBlock, arguments: Backend.allCases)
    func hundredMegabytesAccepted(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let limit = ServerConfiguration().maximumIngestBytes
            #expect(limit == 100 * 1024 * 1024)
            let body = String(repeating: " ", count: limit - Self.payload.utf8.count) + Self.payload
            #expect(body.utf8.count == limit)
            let reply = try await harness.ingest(token, body)
            #expect(reply.status == .ok, "\(reply.text.prefix(300))")
            #expect(reply.text.contains(#""samplesAdded":1"#))
        }
    }

    @Test("A 101 MB ingest is refused with 413 from its Content-Length, before any of its body is sent")
    func announcedTooLarge() async throws {
        try await withServer(.sqlite, setup: .live) { harness in
            let (_, token) = try await harness.user("ada")
            let port = try #require(harness.client.port)
            let head =
                "POST /api/v1/ingest/health-auto-export HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(101 * 1024 * 1024)\r\n\r\n"
            let answer = try await RawHTTP.exchange(head, port: port)
            #expect(answer.status == 413)
            #expect(answer.text.contains("104857600") && answer.text.contains("--max-ingest-bytes"))
            #expect(try await harness.export(token).samples.isEmpty)
        }
    }

    @Test("An unauthenticated ingest is refused with 401 before its body is read")
    func unauthenticatedRefusedFirst() async throws {
        try await withServer(.sqlite, setup: .live) { harness in
            let port = try #require(harness.client.port)
            for authorization in ["", "Authorization: Bearer not-a-token\r\n"] {
                let head =
                    "POST /api/v1/ingest/health-auto-export HTTP/1.1\r\nHost: 127.0.0.1\r\n" + authorization
                    + "Content-Type: application/json\r\nContent-Length: \(50 * 1024 * 1024)\r\n\r\n"
                let answer = try await RawHTTP.exchange(head, port: port)
                #expect(answer.status == 401)
            }
        }
    }
}
