import Foundation
import Logging
import ServiceLifecycle
import Testing
import VitalsCore
import VitalsImport
@testable import VitalsServer

/// The queue behind `POST /api/me/imports`, with an import that only ends when cancelled, so
/// what a graceful shutdown does to running and waiting jobs is seen without racing a real import.
@Suite("Server: the import queue's shutdown")
struct ImportJobQueueTests {
    /// An upload of a few bytes in `folder`, as the route writes it.
    static func upload(_ name: String, in folder: UploadFolder) throws -> ImportUpload {
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: folder.path).appendingPathComponent(name).path
        try Data("<HealthData/>".utf8).write(to: URL(fileURLWithPath: path))
        return ImportUpload(path: path, bytes: 13, kind: .xml)
    }

    @Test("Shutdown cancels the running import and the queued one, deletes both files and refuses new uploads")
    func shutdownCancels() async throws {
        let folder = UploadFolder()
        defer { folder.remove() }
        let user = ServerUser(id: 1, name: "ada", timeZone: "UTC")
        let queue = ImportJobQueue(directory: folder.path, logger: Logger(label: "test"),
                                   now: { ServerConfiguration.fixedNow }) { _, _, options in
            // Stands in for a long import: runs until cancelled, then ends as the importer does.
            while !(options.cancellation?.isCancelled ?? false) { try await Task.sleep(for: .milliseconds(5)) }
            throw VitalsError(.cancelled, "the import was cancelled; nothing was stored")
        }
        let group = ServiceGroup(configuration: .init(services: [queue], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let first = try queue.enqueue(try Self.upload("first", in: folder), id: "first", for: user, at: .now)
            let second = try queue.enqueue(try Self.upload("second", in: folder), id: "second", for: user, at: .now)
            #expect(first.state == .queued && second.state == .queued)
            // A liveness guard, not a timing check: generous, as a CI machine running every suite
            // at once has been seen to take over a minute to start the job.
            let deadline = ContinuousClock.now + .seconds(300)
            while queue.job("first", of: user)?.state != .running {
                try #require(ContinuousClock.now < deadline, "the first import never started")
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(queue.job("second", of: user)?.state == .queued)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        for id in ["first", "second"] {
            let job = try #require(queue.job(id, of: user))
            #expect(job.state == .cancelled && job.error?.code == "cancelled" && job.finishedAt != nil, "\(id)")
        }
        #expect(queue.jobs(of: user).map(\.id) == ["second", "first"])
        #expect(folder.files.isEmpty, "\(folder.files)")
        #expect(queue.job("first", of: ServerUser(id: 2, name: "bob", timeZone: "UTC")) == nil)
        let late = try Self.upload("late", in: folder)
        #expect(throws: APIError.self) { try queue.enqueue(late, id: "late", for: user, at: .now) }
        #expect(folder.files.isEmpty, "\(folder.files)")
    }
}
