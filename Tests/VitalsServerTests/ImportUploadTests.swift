import Foundation
import Testing
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsTestSupport
import VitalsTesting

/// Issue 15, item 6 over HTTP: `POST /api/me/imports` streams an Apple Health export to disk,
/// answers 202 with a job, and imports it into the token's user in the background.
@Suite("Server: uploading an Apple Health export (POST /api/me/imports)")
struct ImportUploadTests {
    /// Uploads the fixture at `relative` for Ada, waits for the job, and imports the same file
    /// into Bob directly: both must end up with the same samples, workouts and days.
    private func uploadMatchesDirectImport(_ relative: String, backend: Backend) async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(backend, configuration: .uploads(into: folder.path), setup: .live) { harness in
            let (_, ada) = try await harness.user("ada", timeZone: "Europe/Amsterdam")
            let (bob, bobToken) = try await harness.user("bob", timeZone: "Europe/Amsterdam")
            let path = ExportText.fixture(relative)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))

            let reply = try await harness.upload(ada, data)
            #expect(reply.status == .accepted, "\(reply.text)")
            let job = try reply.decode(ImportJob.self)
            #expect(reply.headers[.location] == "/api/me/imports/\(job.id)")
            #expect(job.state == .queued && job.bytesReceived == Int64(data.count))
            #expect(job.report == nil && job.error == nil && job.finishedAt == nil)
            #expect(job.createdAt == ServerConfiguration.fixedNow)

            let done = try await harness.finishedJob(ada, job.id)
            #expect(done.state == .succeeded, "\(done.error?.message ?? "")")
            let report = try #require(done.report)
            let direct = try await ExportImportTests.service(harness).importExport(at: path, for: bob)
            #expect(report.file == (relative.hasSuffix(".zip") ? "export.zip" : "export.xml"))
            #expect(report.samplesRead == direct.samplesRead && report.samplesAdded == direct.samplesAdded)
            #expect(report.workoutsRead == direct.workoutsRead && report.workoutsAdded == direct.workoutsAdded)
            #expect(report.daysRecomputed == direct.daysRecomputed && report.bytes == direct.bytes)
            #expect(report.samplesAdded > 0)
            #expect(
                done.samples == report.samplesAdded && done.bytesDone == report.bytes && done.bytesTotal == report.bytes
            )
            #expect(done.finishedAt != nil && done.bytesReceived == Int64(data.count))

            let adaExport = try await harness.export(ada)
            let bobExport = try await harness.export(bobToken)
            #expect(adaExport.samples.count == report.samplesAdded)
            #expect(Set(adaExport.samples) == Set(bobExport.samples))
            #expect(
                Set(adaExport.workouts) == Set(bobExport.workouts) && adaExport.workouts.count == report.workoutsAdded)
            #expect(adaExport.snapshots.map(\.date) == bobExport.snapshots.map(\.date))
            #expect(adaExport.ingests.map(\.kind) == [.appleHealthExport])

            let list = try await harness.send(.get, "/api/me/imports", token: ada)
            #expect(try list.decode([ImportJob].self) == [done])
            // The upload is deleted once imported.
            #expect(folder.files.isEmpty)
        }
    }

    @Test(
        "An uploaded export.zip is imported as importExport imports it, then its file is deleted",
        arguments: Backend.allCases)
    func uploadedZip(backend: Backend) async throws {
        try await uploadMatchesDirectImport("apple-health-parser/export.zip", backend: backend)
    }

    @Test("An uploaded export.xml with workouts is imported as importExport imports it", arguments: Backend.allCases)
    func uploadedXML(backend: Backend) async throws {
        try await uploadMatchesDirectImport("hkimport/export.xml", backend: backend)
    }

    @Test(
        "A body that is not an export: the job fails naming the byte offset, the user's data unchanged",
        arguments: Backend.allCases)
    func notAnExport(backend: Backend) async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(backend, configuration: .uploads(into: folder.path), setup: .live) { harness in
            let (_, ada) = try await harness.user("ada")
            #expect(try await harness.ingest(ada, IngestEndpointTests.steps).status == .ok)
            let before = try await harness.export(ada)
            let bodies = [
                Data("<html><body>not an export</body></html>".utf8),
                Data([0x50, 0x4B, 0x03, 0x04] + Array("not really a zip".utf8)),
            ]
            for body in bodies {
                let job = try await harness.queuedJob(ada, body)
                let done = try await harness.finishedJob(ada, job.id)
                #expect(done.state == .failed && done.report == nil && done.finishedAt != nil)
                let error = try #require(done.error)
                #expect(error.code == "invalid_input", "\(error.message)")
                #expect(!error.message.contains(folder.path), "the server's path leaked: \(error.message)")
            }
            let jobs = try await harness.send(.get, "/api/me/imports", token: ada).decode([ImportJob].self)
            #expect(jobs.count == 2 && jobs.allSatisfy { $0.state == .failed })
            // The XML's error names where it stopped.
            let xml = try #require(jobs.last?.error)
            #expect(xml.byteOffset != nil && xml.message.contains("byte"))
            let after = try await harness.export(ada)
            #expect(after.samples == before.samples && after.snapshots == before.snapshots)
            #expect(after.workouts == before.workouts && after.ingests.count == before.ingests.count)
            #expect(folder.files.isEmpty)
        }
    }

    @Test("Over the configured limit: 413 naming it and --max-import-bytes, announced or streamed, no file left")
    func overTheLimit() async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(.sqlite, configuration: .uploads(into: folder.path, limit: 1024), setup: .live) {
            harness in
            let (_, ada) = try await harness.user("ada")
            // Announced by Content-Length.
            let announced = try await harness.upload(ada, Data(repeating: 0x3C, count: 2048))
            #expect(announced.status == .contentTooLarge)
            #expect(announced.errorCode == "body_too_large")
            #expect(announced.text.contains("1024") && announced.text.contains("--max-import-bytes"))

            // Sent in chunks without a length: refused once the count passes the limit.
            let port = try #require(harness.client.port)
            let chunk = String(repeating: "<", count: 600)
            let chunked =
                "POST /api/me/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ada)\r\n"
                + "Content-Type: application/zip\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: "258\r\n\(chunk)\r\n", count: 3) + "0\r\n\r\n"
            let streamed = try await RawHTTP.exchange(chunked, port: port)
            #expect(streamed.status == 413, "\(streamed.text)")
            #expect(streamed.text.contains("1024") && streamed.text.contains("--max-import-bytes"))
            #expect(folder.files.isEmpty, "\(folder.files)")

            // Exactly the limit is accepted (and fails as an import: it is not an export).
            let job = try await harness.queuedJob(ada, Data(repeating: 0x20, count: 1024))
            #expect(try await harness.finishedJob(ada, job.id).state == .failed)
            let jobs = try await harness.send(.get, "/api/me/imports", token: ada).decode([ImportJob].self)
            #expect(jobs.map(\.id) == [job.id])
            #expect(folder.files.isEmpty, "\(folder.files)")
        }
    }

    @Test("An unauthenticated upload is refused with 401 before its body is read")
    func unauthenticated() async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(.sqlite, configuration: .uploads(into: folder.path), setup: .live) { harness in
            let port = try #require(harness.client.port)
            for authorization in ["", "Authorization: Bearer not-a-token\r\n"] {
                let head =
                    "POST /api/me/imports HTTP/1.1\r\nHost: 127.0.0.1\r\n" + authorization
                    + "Content-Type: application/zip\r\nContent-Length: \(50 * 1024 * 1024)\r\n\r\n"
                let answer = try await RawHTTP.exchange(head, port: port)
                #expect(answer.status == 401)
            }
            let reply = try await harness.upload(nil, Data("<HealthData/>".utf8))
            #expect(reply.status == .unauthorized && reply.errorCode == "unauthorized")
            #expect(folder.files.isEmpty)
        }
    }

    @Test("Erasing a user's data forgets their finished upload jobs; another user's stay", arguments: Backend.allCases)
    func eraseForgetsJobs(backend: Backend) async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(backend, configuration: .uploads(into: folder.path), setup: .live) { harness in
            let (_, ada) = try await harness.user("ada")
            let (_, bob) = try await harness.user("bob")
            for token in [ada, ada, bob] {
                let job = try await harness.queuedJob(token, Data("<html>not an export</html>".utf8))
                #expect(try await harness.finishedJob(token, job.id).state == .failed)
            }
            let erased = try await harness.send(.delete, "/api/me/data", token: ada)
            #expect(erased.status == .ok)
            let counts = try #require(erased.object["erased"] as? [String: Any])
            #expect((counts["importJobs"] as? NSNumber)?.intValue == 2)
            #expect(try await harness.send(.get, "/api/me/imports", token: ada).decode([ImportJob].self).isEmpty)
            #expect(try await harness.send(.get, "/api/me/imports", token: bob).decode([ImportJob].self).count == 1)
        }
    }

    @Test("An empty body is 400, and an unknown job 404")
    func emptyBodyAndUnknownJob() async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        try await withServer(.sqlite, configuration: .uploads(into: folder.path), setup: .live) { harness in
            let (_, ada) = try await harness.user("ada")
            let empty = try await harness.upload(ada, Data())
            #expect(empty.status == .badRequest && empty.errorCode == "empty_body")
            #expect(folder.files.isEmpty)
            let unknown = try await harness.send(.get, "/api/me/imports/no-such-job", token: ada)
            #expect(unknown.status == .notFound && unknown.errorCode == "not_found")
            #expect(try await harness.send(.get, "/api/me/imports", token: ada).decode([ImportJob].self).isEmpty)
        }
    }

    @Test("An upload the server cannot write is 503 storage_unavailable, and the log says what failed and why")
    func unwritableFolder() async throws {
        // The upload folder would be inside a regular file: it cannot be made.
        let file = TestFolder.path("vitals-not-a-folder")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let log = CapturedLog()
        try await withServer(.sqlite, configuration: .uploads(into: file + "/uploads"), logger: log.logger) { harness in
            let (_, ada) = try await harness.user("ada")
            let reply = try await harness.upload(ada, Data("<HealthData/>".utf8))
            #expect(reply.status == .serviceUnavailable && reply.errorCode == "storage_unavailable", "\(reply.text)")
            #expect(!reply.text.contains(file), "the answer names no server path")
        }
        let failures = log.all.filter { $0.level == .error && $0.text.hasPrefix("storage failed") }
        #expect(failures.count == 1, "\(log.all.map(\.text))")
        #expect(
            failures.first?.text.contains("cause=creating the folder \(file)/uploads failed: errno 20, Not a directory")
                == true,
            "\(failures.map(\.text))")
        #expect(failures.first?.text.contains("HealthData") == false, "the upload's bytes are never logged")
    }
}
