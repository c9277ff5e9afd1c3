import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VitalsServer
import VitalsServerStorage
import VitalsTestSupport

extension ServerConfiguration {
    /// ``testing``, with uploaded exports written to `directory` and refused past `limit` bytes.
    static func uploads(
        into directory: String, limit: Int = ServerConfiguration().maximumImportBytes
    ) -> ServerConfiguration {
        var configuration = ServerConfiguration.testing
        configuration.importDirectory = directory
        configuration.maximumImportBytes = limit
        return configuration
    }
}

/// A folder for one test's uploads, in the system's temporary folder.
struct UploadFolder: Sendable {
    let path = TestFolder.path("vitals-imports")

    /// The files in it (none when it was never created).
    var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

extension Harness {
    /// `POST /api/me/imports` with `body` (and `Content-Length`), with a bearer token when given.
    func upload(_ token: String?, _ body: Data, contentType: String = "application/zip") async throws -> Reply {
        var headers: HTTPFields = [.contentType: contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let response = try await client.execute(
            uri: "/api/me/imports", method: .post, headers: headers,
            body: ByteBuffer(bytes: body))
        return Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
    }

    /// Uploads `body`, requiring 202, and returns the job answered.
    func queuedJob(_ token: String, _ body: Data) async throws -> ImportJob {
        let reply = try await upload(token, body)
        try #require(reply.status == .accepted, "\(reply.text)")
        return try reply.decode(ImportJob.self)
    }

    /// Polls `GET /api/me/imports/{id}` until the job is over; fails the test after five minutes.
    ///
    /// The wait between polls grows from 50 ms to 1 s: the test server's clock stands still, so
    /// its rate limiter never refills the 1,000 requests of its burst, and an import slowed by a
    /// full parallel test run (a 3.7 MB export took over 50 s there, 13 s alone) must not use
    /// them up.
    func finishedJob(_ token: String, _ id: String) async throws -> ImportJob {
        let deadline = ContinuousClock.now + .seconds(300)
        var pause = Duration.milliseconds(50)
        while true {
            let reply = try await send(.get, "/api/me/imports/\(id)", token: token)
            try #require(reply.status == .ok, "\(reply.text)")
            let job = try reply.decode(ImportJob.self)
            if job.state.isFinished { return job }
            try #require(ContinuousClock.now < deadline, "import \(id) still \(job.state.rawValue) after 300 s")
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(1))
        }
    }
}
