import Foundation
import Logging
import ServiceLifecycle
import Testing
import VitalsCore
import VitalsImport
import VitalsTesting

@testable import VitalsServer
@testable import VitalsServerStorage

/// The queue behind `POST /api/me/imports`, with stand-in imports, so what a graceful shutdown
/// does to running and waiting jobs, and what another server or a restart sees of them, is
/// seen without racing a real import.
@Suite("Server: the import queue")
struct ImportJobQueueTests {
    /// An upload of a few bytes in `folder`, as the route writes it.
    static func upload(_ name: String, in folder: UploadFolder) throws -> ImportUpload {
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: folder.path).appendingPathComponent(name).path
        try Data("<HealthData/>".utf8).write(to: URL(fileURLWithPath: path))
        return ImportUpload(path: path, bytes: 13, kind: .xml)
    }

    /// Stands in for a long import: runs until cancelled, then ends as the importer does.
    static let untilCancelled: ImportJobQueue.Importer = { _, _, options in
        while !(options.cancellation?.isCancelled ?? false) { try await Task.sleep(for: .milliseconds(5)) }
        throw VitalsError(.cancelled, "the import was cancelled; nothing was stored")
    }

    /// Runs `body` with a migrated repository on `backend` (its pool running) and a user in it.
    static func withRepository(
        _ backend: Backend,
        _ body: @escaping @Sendable (any HealthRepository, ServerUser) async throws -> Void
    )
        async throws
    {
        let repository = try await backend.makeRepository()
        let services: [any Service] = (repository as? any Service).map { [$0] } ?? []
        let group = ServiceGroup(configuration: .init(services: services, logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await repository.migrate()
            let user = try await repository.addUser(
                name: "ada", timeZone: "UTC", tokenHash: "a", at: ServerConfiguration.fixedNow)
            do {
                try await body(repository, user)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        if let sqlite = repository as? SQLiteRepository { removeDatabaseFiles(sqlite.path) }
    }

    /// Polls until job `id`, as `queue` reports it, is in `state`; a liveness guard, not a timing check.
    static func wait(
        for state: ImportJob.State, _ id: String, of user: ServerUser, in queue: ImportJobQueue
    ) async throws {
        // Generous: a CI machine running every suite at once has been seen to take over a minute.
        let deadline = ContinuousClock.now + .seconds(300)
        while try await queue.job(id, of: user)?.state != state {
            try #require(ContinuousClock.now < deadline, "job \(id) never became \(state)")
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test(
        "Shutdown cancels the running import and the queued one, deletes both files and refuses new uploads",
        arguments: Backend.allCases)
    func shutdownCancels(backend: Backend) async throws {
        try await Self.withRepository(backend) { repository, user in
            let folder = UploadFolder()
            defer { folder.remove() }
            let queue = ImportJobQueue(
                repository: repository, directory: folder.path, logger: Logger(label: "test"),
                now: { ServerConfiguration.fixedNow }, importer: Self.untilCancelled)
            let group = ServiceGroup(configuration: .init(services: [queue], logger: Logger(label: "test")))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                let first = try await queue.enqueue(
                    try Self.upload("first", in: folder), id: "first", for: user, at: .now)
                let second = try await queue.enqueue(
                    try Self.upload("second", in: folder), id: "second", for: user, at: .now)
                #expect(first.state == .queued && second.state == .queued)
                try await Self.wait(for: .running, "first", of: user, in: queue)
                #expect(try await queue.job("second", of: user)?.state == .queued)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            // As stored: a new queue (a restarted server) reads them from the repository alone.
            let restarted = ImportJobQueue(
                repository: repository, directory: folder.path, logger: Logger(label: "test"),
                now: { ServerConfiguration.fixedNow }, importer: Self.untilCancelled)
            for reader in [queue, restarted] {
                for id in ["first", "second"] {
                    let job = try #require(try await reader.job(id, of: user))
                    #expect(job.state == .cancelled && job.error?.code == "cancelled" && job.finishedAt != nil, "\(id)")
                }
                #expect(try await reader.jobs(of: user).map(\.id) == ["second", "first"])
            }
            #expect(folder.files.isEmpty, "\(folder.files)")
            let bob = try await repository.addUser(name: "bob", timeZone: "UTC", tokenHash: "b", at: .now)
            #expect(try await queue.job("first", of: bob) == nil)
            let late = try Self.upload("late", in: folder)
            await #expect(throws: APIError.self) { try await queue.enqueue(late, id: "late", for: user, at: .now) }
            #expect(folder.files.isEmpty, "\(folder.files)")
        }
    }

    @Test(
        "At start, the queue deletes the uploads no server will import and keeps the rest", arguments: Backend.allCases)
    func leftovers(backend: Backend) async throws {
        try await Self.withRepository(backend) { repository, user in
            let folder = UploadFolder()
            defer { folder.remove() }
            let now = ServerConfiguration.fixedNow
            let queue = ImportJobQueue(
                repository: repository, directory: folder.path, logger: Logger(label: "test"),
                now: { now }, importer: Self.untilCancelled)
            /// Stores job `id` as `owner`'s, last noted `ago` seconds before now, in `state`.
            func store(_ id: String, _ state: ImportJob.State, owner: UUID = UUID(), ago: TimeInterval = 0) async throws
            {
                var job = ImportJob(id: id, bytesReceived: 13, createdAt: now)
                job.state = state
                try await repository.saveImportJob(
                    StoredImportJob(job: job, owner: owner, notedAt: now - ago),
                    of: user, keepingPerUser: 100)
            }
            try await store("finished", .succeeded)
            try await store("interrupted", .running, ago: ImportJobQueue.interruptedAfter + 1)
            try await store("alive", .running, ago: ImportJobQueue.interruptedAfter - 1)
            try await store("mine", .queued, owner: queue.owner, ago: ImportJobQueue.interruptedAfter + 1)
            for name in ["finished", "interrupted", "alive", "mine", "unnamed-old", "unnamed-new"] {
                _ = try Self.upload("\(name).upload", in: folder)
            }
            _ = try Self.upload("notes.txt", in: folder)
            // A file that has not changed for longer than an upload still arriving would leave it.
            let old = Date() - ImportJobQueue.unnamedUploadKept - 60
            try FileManager.default.setAttributes(
                [.modificationDate: old],
                ofItemAtPath: folder.path + "/unnamed-old.upload")

            let group = ServiceGroup(configuration: .init(services: [queue], logger: Logger(label: "test")))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                // A liveness guard: the queue removes them as it starts.
                let deadline = ContinuousClock.now + .seconds(300)
                while folder.files.contains("finished.upload") {
                    try #require(ContinuousClock.now < deadline, "the leftovers were never removed")
                    try await Task.sleep(for: .milliseconds(5))
                }
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            #expect(Set(folder.files) == ["alive.upload", "mine.upload", "unnamed-new.upload", "notes.txt"])
            #expect(await queue.removeLeftovers().isEmpty, "nothing more to remove")
            #expect(
                try await repository.importJobs(ids: ["finished", "alive", "none"]).map(\.job.id).sorted()
                    == ["alive", "finished"])
        }
    }

    @Test(
        "Another server's queue reports a job as its owner stored it, and as interrupted once the owner stops noting it",
        arguments: Backend.allCases)
    func otherServers(backend: Backend) async throws {
        try await Self.withRepository(backend) { repository, user in
            let folder = UploadFolder()
            defer { folder.remove() }
            let clock = TestClock(ServerConfiguration.fixedNow)
            // The owner notes its jobs every 10 ms: as often as the test wants to see it.
            let owner = ImportJobQueue(
                repository: repository, directory: folder.path, logger: Logger(label: "test"),
                now: { clock.now }, noteInterval: .milliseconds(10), importer: Self.untilCancelled)
            let other = ImportJobQueue(
                repository: repository, directory: folder.path, logger: Logger(label: "test"),
                now: { clock.now }, importer: Self.untilCancelled)
            let group = ServiceGroup(configuration: .init(services: [owner], logger: Logger(label: "test")))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                _ = try await owner.enqueue(try Self.upload("job", in: folder), id: "job", for: user, at: clock.now)
                try await Self.wait(for: .running, "job", of: user, in: other)
                // Past the limit, the owner's next note brings the job back to life.
                clock.advance(ImportJobQueue.interruptedAfter + 1)
                try await Self.wait(for: .running, "job", of: user, in: other)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
            #expect(
                try await other.job("job", of: user)?.state == .cancelled, "stopped gracefully: stored as cancelled")

            // An owner that stops without telling the repository (a crash): its job stays unfinished
            // in the table, and is reported interrupted once it has gone unnoted for the limit.
            let crashed = ImportJobQueue(
                repository: repository, directory: folder.path, logger: Logger(label: "test"),
                now: { clock.now }, importer: Self.untilCancelled)
            _ = try await crashed.enqueue(try Self.upload("lost", in: folder), id: "lost", for: user, at: clock.now)
            #expect(try await other.job("lost", of: user)?.state == .queued)
            clock.advance(ImportJobQueue.interruptedAfter)
            #expect(try await other.job("lost", of: user)?.state == .queued, "not yet past the limit")
            clock.advance(1)
            let lost = try #require(try await other.job("lost", of: user))
            #expect(lost.state == .failed && lost.error?.code == "interrupted")
            #expect(try await crashed.job("lost", of: user)?.state == .queued, "its own process still holds it")
        }
    }
}
