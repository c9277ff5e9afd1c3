import Foundation
import Logging
import ServiceLifecycle
import VitalsCore
import VitalsImport
import VitalsServerStorage
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
/// Jobs are kept in the repository (``StoredImportJob``), so every server on one database
/// answers for an upload any of them received, and a restart keeps the finished ones. The
/// upload and its import stay with the process that received it: the queue stores each change
/// of state, and every ``noteInterval`` the running import's progress and a sign of life for
/// its unfinished jobs. An unfinished job whose process stopped giving one (it crashed, or
/// shut down without the database) for ``interruptedAfter`` is reported as failed with code
/// `interrupted`: its import rolled back with the process. The newest ``jobsKeptPerUser``
/// finished jobs of each user are kept.
///
/// This process's unfinished jobs are also held in memory, behind a lock rather than in an
/// actor because the importer reports progress synchronously, from its parser's task; reads
/// take their progress from there.
final class ImportJobQueue: Service, Sendable {
    /// Finished jobs kept per user; older ones are forgotten as new ones arrive.
    static let jobsKeptPerUser = 100
    /// How long an unfinished job may go without a sign of life from its process before it is
    /// reported as interrupted: many missed ``noteInterval``s.
    static let interruptedAfter: TimeInterval = 60

    private struct Entry {
        var job: ImportJob
        let user: ServerUser
        let upload: ImportUpload
        let cancellation = ImportCancellation()
    }

    private struct State {
        /// This process's unfinished jobs (and finished ones the repository could not be told of).
        var entries: [String: Entry] = [:]
        /// Their ids in arrival order.
        var order: [String] = []
        var running: String?
        var accepting = true
    }

    /// Imports the file at a path into a user (``HealthService/importExport(at:for:options:)``).
    typealias Importer = @Sendable (String, ServerUser, HealthExportImporter.Options) async throws -> ExportImportReport

    /// Where uploads are written while they wait and are imported.
    let directory: String
    /// This queue's (this process's) id, as the owner of the jobs it stores.
    let owner = UUID()
    /// How often the running import's progress is stored and the unfinished jobs noted.
    let noteInterval: Duration
    let repository: any ImportJobStore
    private let importer: Importer
    let now: @Sendable () -> Date
    let logger: Logger
    private let state = Locked(State())
    private let arrivals: AsyncStream<String>
    private let arrival: AsyncStream<String>.Continuation

    /// A queue importing with `service` into its repository.
    convenience init(service: HealthService, directory: String, logger: Logger) {
        self.init(repository: service.repository, directory: directory, logger: logger, now: service.now) {
            path, user, options in
            try await service.importExport(at: path, for: user, options: options)
        }
    }

    /// A queue keeping its jobs in `repository` and importing with `importer` (tests stand in an
    /// import that waits to be cancelled).
    init(
        repository: any ImportJobStore, directory: String, logger: Logger, now: @escaping @Sendable () -> Date,
        noteInterval: Duration = .seconds(5), importer: @escaping Importer
    ) {
        self.repository = repository
        self.directory = directory
        self.logger = logger
        self.now = now
        self.noteInterval = noteInterval
        self.importer = importer
        (arrivals, arrival) = AsyncStream.makeStream(of: String.self)
    }

    /// The default folder for uploads: beside a SQLite database (`DATABASE-imports`, on the disk
    /// the import writes to anyway), else `vitals-imports` in the system's temporary folder.
    static func defaultDirectory(for repository: any ImportJobStore) -> String {
        if let sqlite = repository as? SQLiteRepository { return sqlite.path + "-imports" }
        return FileManager.default.temporaryDirectory.appendingPathComponent("vitals-imports").path
    }

    /// Queues the import of `upload` into `user`; returns the new job, stored. Throws 503 (and
    /// deletes the file) once the server is shutting down, or when the job cannot be stored.
    func enqueue(_ upload: ImportUpload, id: String, for user: ServerUser, at date: Date) async throws -> ImportJob {
        let job = ImportJob(id: id, bytesReceived: upload.bytes, createdAt: date)
        let accepted = state.withLock { state in
            guard state.accepting else { return false }
            state.entries[id] = Entry(job: job, user: user, upload: upload)
            state.order.append(id)
            return true
        }
        guard accepted else {
            upload.remove()
            throw APIError(
                .serviceUnavailable, code: "shutting_down", "the server is shutting down; upload the export again later"
            )
        }
        do {
            try await save(job, of: user)
        } catch {
            forget(id)
            upload.remove()
            throw error
        }
        arrival.yield(id)
        logger.info(
            "export upload queued", metadata: ["job": "\(id)", "user": "\(user.id)", "bytes": "\(upload.bytes)"])
        return job
    }

    /// The job `id` if it is `user`'s; nil for an unknown id or another user's job.
    func job(_ id: String, of user: ServerUser) async throws -> ImportJob? {
        try await jobs(of: user, id: id).first
    }

    /// `user`'s jobs, newest first (only the one with `id` when given): as stored, with this
    /// process's unfinished ones as it holds them and others' interrupted ones so reported.
    func jobs(of user: ServerUser, id: String? = nil) async throws -> [ImportJob] {
        let stored = try await repository.importJobs(of: user, id: id)
        let held = state.withLock { state in state.entries.filter { $0.value.user.id == user.id }.mapValues(\.job) }
        let current = now()
        return stored.map { stored in
            if let job = held[stored.job.id] { return job }
            guard !stored.job.state.isFinished, stored.owner != owner,
                current.timeIntervalSince(stored.notedAt) > Self.interruptedAfter
            else { return stored.job }
            return Self.interrupted(stored.job, lastNoted: stored.notedAt)
        }
    }

    /// Removes what stopped servers left in ``directory`` (``removeLeftovers()``), then imports
    /// the queued jobs one at a time until the server shuts down, noting them meanwhile.
    func run() async {
        await removeLeftovers()
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await self.noteUntilCancelled() }
                    for await id in arrivals { await execute(id) }
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                self.stop()
            }
        } onCancel: {
            self.stop()
        }
        // Anything that arrived but never ran.
        let left = state.withLock { state in state.order.filter { state.entries[$0]?.job.state == .queued } }
        for id in left {
            await finish(id, .failure(VitalsError(.cancelled, "the server shut down before the import ran")))
        }
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

    /// Every ``noteInterval`` while this process holds jobs: stores the running import's progress
    /// and notes the unfinished jobs.
    private func noteUntilCancelled() async {
        while true {
            do { try await Task.sleep(for: noteInterval) } catch { return }
            let (held, running, unsaved) = state.withLock { state in
                (
                    !state.entries.isEmpty, state.running.flatMap { state.entries[$0] },
                    state.entries.values.filter(\.job.state.isFinished)
                )
            }
            // An idle server writes nothing.
            guard held else { continue }
            if let running, running.job.state == .running { await saveLogged(running.job, of: running.user) }
            // Jobs whose end the repository could not be told of: again.
            for entry in unsaved where await saveLogged(entry.job, of: entry.user) { forget(entry.job.id) }
            do {
                try await repository.noteImportJobs(of: owner, at: now())
            } catch {
                logger.warning("could not note the import jobs", metadata: ["error": "\(type(of: error))"])
            }
        }
    }

    /// Runs job `id`'s import (unless the server is shutting down), then deletes its file.
    private func execute(_ id: String) async {
        let started: Entry? = state.withLock { state in
            guard state.accepting, var entry = state.entries[id], entry.job.state == .queued else { return nil }
            entry.job.state = .running
            state.entries[id] = entry
            state.running = id
            return entry
        }
        guard let started else {
            await finish(id, .failure(VitalsError(.cancelled, "the server shut down before the import ran")))
            return
        }
        await saveLogged(started.job, of: started.user)
        logger.info("export import started", metadata: ["job": "\(id)", "user": "\(started.user.id)"])
        let options = HealthExportImporter.Options(
            progress: { [weak self] progress in
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
        await finish(id, outcome)
    }

    /// Records how job `id` ended, deletes its file, and stores the job (then holds it no more).
    private func finish(_ id: String, _ outcome: Result<ExportImportReport, any Error>) async {
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
        logger.info(
            "export import finished",
            metadata: [
                "job": "\(id)", "user": "\(entry.user.id)", "state": "\(entry.job.state.rawValue)",
                "samples": "\(entry.job.samples)", "error": "\(entry.job.error?.code ?? "none")",
            ])
        // Held until the repository knows how it ended, so this process answers right meanwhile.
        if await saveLogged(entry.job, of: entry.user) { forget(id) }
    }

    /// Stores `job` as this queue's, now.
    private func save(_ job: ImportJob, of user: ServerUser) async throws {
        try await repository.saveImportJob(
            StoredImportJob(job: job, owner: owner, notedAt: now()), of: user,
            keepingPerUser: Self.jobsKeptPerUser)
    }

    /// Stores `job`, logging a failure (the job's import goes on); returns whether it was stored.
    @discardableResult
    private func saveLogged(_ job: ImportJob, of user: ServerUser) async -> Bool {
        do {
            try await save(job, of: user)
            return true
        } catch {
            logger.warning(
                "could not store the import job",
                metadata: [
                    "job": "\(job.id)", "state": "\(job.state.rawValue)", "error": "\(type(of: error))",
                ])
            return false
        }
    }

    /// Holds job `id` no more.
    private func forget(_ id: String) {
        state.withLock { state in
            state.entries[id] = nil
            state.order.removeAll { $0 == id }
        }
    }

    /// An unfinished job whose process stopped noting it, as reported: failed, `interrupted`.
    static func interrupted(_ job: ImportJob, lastNoted: Date) -> ImportJob {
        var job = job
        job.state = .failed
        job.error = ImportJob.Failure(
            code: "interrupted",
            message:
                "the server importing this upload stopped before the import finished; nothing of it was stored: upload the export again"
        )
        job.finishedAt = lastNoted
        return job
    }
}
