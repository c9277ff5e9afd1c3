import Foundation
import Testing
import VitalsTestSupport

/// `vitals serve --import-dir --max-import-bytes`: the flags reach `POST /api/me/imports`.
@Suite("vitals serve: export uploads", .mayBlock)
struct ServeImportTests {
    /// A one-record Apple Health export.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-06-03 09:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" \
        creationDate="2024-06-01 08:10:00 +0000" startDate="2024-06-01 08:00:00 +0000" \
        endDate="2024-06-01 08:10:00 +0000" value="400"/>
        </HealthData>

        """

    @Test("An upload goes through --import-dir into the user; past --max-import-bytes it is 413 naming the flag")
    func uploadThroughTheFlags() async throws {
        let cli = try CLIRunner()
        let database = cli.directory.appendingPathComponent("server.sqlite").path
        let uploads = cli.directory.appendingPathComponent("uploads").path
        let added = try await cli.run(["user", "add", "ada", "--json", "--db", database])
        let user = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let token = try #require(user["token"] as? String)
        let server = try ServeCommandTests.Server(arguments: [
            "--db", database, "--import-dir", uploads,
            "--max-import-bytes", "1000",
        ])
        defer { if server.process.isRunning { _ = server.stop() } }

        let tooLarge = try HTTP.request(
            port: server.port, "POST", "/api/me/imports", token: token,
            body: String(repeating: " ", count: 1001))
        #expect(
            tooLarge.status == 413 && tooLarge.body.contains("1000") && tooLarge.body.contains("--max-import-bytes"))

        let accepted = try HTTP.request(port: server.port, "POST", "/api/me/imports", token: token, body: Self.export)
        #expect(accepted.status == 202, "\(accepted.body)")
        let job = try #require(try JSONSerialization.jsonObject(with: Data(accepted.body.utf8)) as? [String: Any])
        let id = try #require(job["id"] as? String)
        let deadline = Date().addingTimeInterval(120)
        var state = job["state"] as? String
        while state == "queued" || state == "running" {
            try #require(Date() < deadline, "the import is still \(state ?? "?") after 120 s")
            try await Task.sleep(for: .milliseconds(50))
            let polled = try HTTP.request(port: server.port, "GET", "/api/me/imports/\(id)", token: token)
            state =
                (try JSONSerialization.jsonObject(with: Data(polled.body.utf8)) as? [String: Any])?["state"] as? String
        }
        #expect(state == "succeeded")
        // The folder was made for the upload, which is gone once imported.
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: uploads, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads).isEmpty)
        let day = try HTTP.request(port: server.port, "GET", "/api/health/2024-06-01", token: token)
        #expect(day.status == 200 && day.body.contains(#""steps":400"#), "\(day.body)")
        #expect(server.stop() == 0)
    }
}
