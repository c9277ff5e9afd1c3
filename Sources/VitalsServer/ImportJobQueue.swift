import Foundation
import Logging
import ServiceLifecycle
import VitalsCore
import VitalsImport
import VitalsStore

/// The exports uploaded to `POST /api/me/imports` and their imports, run one at a time in the
/// order the uploads arrived, each with ``HealthService/importExport(at:for:options:)``.
///
/// It is a `Service` of the server's application (``ServerApplication/make(configuration:repository:logger:onServerRunning:)``):
/// imports run inside ``run()``. On graceful shutdown (or cancellation) the running import is
/// cancelled, which rolls it back, the jobs still queued are marked `cancelled`, and their files
/// are deleted; an upload finishing after that is refused (503). A router made alone
/// (``ServerApplication/makeRouter(configuration:repository:)``) queues jobs that never run.
///
/// Jobs are kept in memory, not in the repository: a job is a handle on work this process is
/// doing, and after a restart there is no upload or transaction behind it any more (a crash
/// rolls the import back). A restart forgets them; what a successful import stored stays in the
/// user's ingest log (`GET /api/me/ingests`, kind `apple-health-export`). The newest
/// ``jobsKeptPerUser`` finished jobs of each user are kept.
///
/// The state is behind a lock rather than in an actor because the importer reports progress
/// synchronously, from its parsing thread.
final class ImportJobQueue: Service, Sendable {
    /// Finished jobs kept per user; older ones are forgotten as new ones arrive.
    static let jobsKeptPerUser = 100

    private struct Entry {
        var job: ImportJob
        let user: ServerUser
        let upload: ImportUpload
        let cancellation = ImportCancellation()
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Ids in arrival order.
        var order: [String] = []
        var running: String?
        var accepting = true
    }

    /// Imports the file at a path into a user (``HealthService/importExport(at:for:options:)``).
    typealias Importer = @Sendable (String, ServerUser, HealthExportImporter.Options) async throws -> ExportImportReport

    /// Where uploads are written while they wait and are imported.
    let directory: String
    private let importer: Importer
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let state = Locked(State())
    private let arrivals: AsyncStream<String>
    private let arrival: AsyncStream<String>.Continuation

    /// A queue importing with `service` into its repository.
    convenience init(service: HealthService, directory: String, logger: Logger) {
        self.init(directory: directory, logger: logger, now: service.now) { path, user, options in
            try await service.importExport(at: path, for: user, options: options)
        }
    }

    /// A queue importing with `importer` (tests stand in an import that waits to be cancelled).
    init(directory: String, logger: Logger, now: @escaping @Sendable () -> Date, importer: @escaping Importer) {
        self.directory = directory
        self.logger = logger
        self.now = now
        self.importer = importer
        (arrivals, arrival) = AsyncStream.makeStream(of: String.self)
    }

    /// The default folder for uploads: beside a SQLite database (`DATABASE-imports`, on the disk
    /// the import writes to anyway), else `vitals-imports` in the system's temporary folder.
    static func defaultDirectory(for repository: any HealthRepository) -> String {
        if let sqlite = repository as? SQLiteRepository { return sqlite.path + "-imports" }
        return FileManager.default.temporaryDirectory.appendingPathComponent("vitals-imports").path
    }

    /// Queues the import of `upload` into `user`; returns the new job. Throws 503 (and deletes
    /// the file) once the server is shutting down.
    func enqueue(_ upload: ImportUpload, id: String, for user: ServerUser, at date: Date) throws -> ImportJob {
        let job = ImportJob(id: id, bytesReceived: upload.bytes, createdAt: date)
        let accepted = state.withLock { state in
            guard state.accepting else { return false }
            state.entries[id] = Entry(job: job, user: user, upload: upload)
            state.order.append(id)
            Self.forgetOldJobs(of: user, in: &state)
            return true
        }
        guard accepted else {
            upload.remove()
            throw APIError(.serviceUnavailable, code: "shutting_down", "the server is shutting down; upload the export again later")
        }
        arrival.yield(id)
        logger.info("export upload queued", metadata: ["job": "\(id)", "user": "\(user.id)", "bytes": "\(upload.bytes)"])
        return job
    }

    /// The job `id` if it is `user`'s; nil for an unknown id or another user's job.
    func job(_ id: String, of user: ServerUser) -> ImportJob? {
        state.withLock { state in
            guard let entry = state.entries[id], entry.user.id == user.id else { return nil }
            return entry.job
        }
    }

    /// `user`'s jobs, newest first.
    func jobs(of user: ServerUser) -> [ImportJob] {
        state.withLock { state in
            state.order.reversed().compactMap { id in
                state.entries[id].flatMap { $0.user.id == user.id ? $0.job : nil }
            }
        }
    }

    /// Imports the queued jobs one at a time until the server shuts down.
    func run() async {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                for await id in arrivals { await execute(id) }
            } onGracefulShutdown: {
                self.stop()
            }
        } onCancel: {
            self.stop()
        }
        // Anything that arrived but never ran.
        let left = state.withLock { state in state.order.filter { state.entries[$0]?.job.state == .queued } }
        for id in left { finish(id, .failure(VitalsError(.cancelled, "the server shut down before the import ran"))) }
    }

    /// Refuses new uploads, cancels the running import (it rolls back) and ends ``run()``'s loop.
    private func stop() {
        let running = state.withLock { state in
            state.accepting = false
            return state.running.flatMap { state.entries[$0]?.cancellation }
        }
        running?.cancel()
        arrival.finish()
    }

    /// Runs job `id`'s import (unless the server is shutting down), then deletes its file.
    private func execute(_ id: String) async {
        let started: (user: ServerUser, upload: ImportUpload, cancellation: ImportCancellation)? = state.withLock { state in
            guard state.accepting, var entry = state.entries[id], entry.job.state == .queued else { return nil }
            entry.job.state = .running
            state.entries[id] = entry
            state.running = id
            return (entry.user, entry.upload, entry.cancellation)
        }
        guard let started else {
            finish(id, .failure(VitalsError(.cancelled, "the server shut down before the import ran")))
            return
        }
        logger.info("export import started", metadata: ["job": "\(id)", "user": "\(started.user.id)"])
        let options = HealthExportImporter.Options(progress: { [weak self] progress in
            self?.state.withLock { state in
                guard var job = state.entries[id]?.job, job.state == .running else { return }
                job.bytesDone = progress.bytesDone
                job.bytesTotal = progress.bytesTotal
                job.samples = progress.samples
                state.entries[id]?.job = job
            }
        }, cancellation: started.cancellation)
        let outcome: Result<ExportImportReport, any Error>
        do {
            var report = try await importer(started.upload.path, started.user, options)
            // The file's name as uploaded, not its path on the server.
            report.file = started.upload.kind.exportName
            outcome = .success(report)
        } catch {
            outcome = .failure(error)
        }
        finish(id, outcome)
    }

    /// Records how job `id` ended and deletes its file.
    private func finish(_ id: String, _ outcome: Result<ExportImportReport, any Error>) {
        let entry = state.withLock { state -> Entry? in
            guard var entry = state.entries[id] else { return nil }
            switch outcome {
            case .success(let report):
                entry.job.state = .succeeded
                entry.job.report = report
                entry.job.samples = report.samplesAdded
            case .failure(let error):
                entry.job.state = (error as? VitalsError)?.code == .cancelled ? .cancelled : .failed
                entry.job.error = ImportJob.failure(error)
            }
            entry.job.finishedAt = now()
            state.entries[id] = entry
            if state.running == id { state.running = nil }
            return entry
        }
        guard let entry else { return }
        entry.upload.remove()
        logger.info("export import finished", metadata: [
            "job": "\(id)", "user": "\(entry.user.id)", "state": "\(entry.job.state.rawValue)",
            "samples": "\(entry.job.samples)", "error": "\(entry.job.error?.code ?? "none")",
        ])
    }

    /// Forgets `user`'s oldest finished jobs past ``jobsKeptPerUser``.
    private static func forgetOldJobs(of user: ServerUser, in state: inout State) {
        let finished = state.order.filter { id in
            guard let entry = state.entries[id] else { return false }
            return entry.user.id == user.id && entry.job.state.isFinished
        }
        guard finished.count > jobsKeptPerUser else { return }
        let forgotten = Set(finished.prefix(finished.count - jobsKeptPerUser))
        for id in forgotten { state.entries[id] = nil }
        state.order.removeAll { forgotten.contains($0) }
    }
}
