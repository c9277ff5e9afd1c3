import Foundation
import GRDB
import VitalsCore

/// A consistent copy of a SQLite database that may be in use, checked before it is put in place.
///
/// The copy is SQLite's online backup of one read transaction: in WAL mode a reader sees one
/// snapshot for as long as it reads and never blocks a writer, so a server goes on committing
/// while its pages are copied, and the copy holds exactly what was committed when the backup
/// began. It is written under a temporary name beside the destination, flushed to disk, checked
/// (``SQLiteFileCheck``: header, the quick check or `PRAGMA integrity_check`, schema; and each
/// table's row count against the snapshot's), and only then renamed into place; a failure removes it and leaves
/// nothing behind.
public struct SQLiteBackup: Sendable {
    /// Settings; every field has a documented default.
    public struct Configuration: Sendable {
        /// Bytes copied per step of the online backup. Each step is flushed to disk before the
        /// next, so the disk never holds more than one step of the copy in its queue: a server's
        /// commits on the same disk wait at most for one step's flush. Smaller steps hold them up
        /// for less time, larger ones copy faster. Default 4 MiB.
        public var bytesPerStep = 4 << 20
        /// Check the copy before renaming it into place. Default true.
        public var verifies = true
        /// How deep the check looks. Default `.quick` (`PRAGMA quick_check` and each index's
        /// entries counted): the copy is SQLite's page-for-page copy of its own B-trees, so what
        /// only `.full` would see (an index entry that disagrees with its row) is damage already
        /// in the database; `.full` takes about ten times as long, on the server's cores.
        public var check = SQLiteFileCheck.Depth.quick

        /// The defaults.
        public init() {}
    }

    /// The database to copy.
    public let source: String
    /// The kinds of file and migrations this binary knows.
    public let catalog: SchemaCatalog
    /// The settings.
    public var configuration: Configuration

    /// A backup of the database at `source`.
    public init(source: String, catalog: SchemaCatalog, configuration: Configuration = Configuration()) {
        self.source = source
        self.catalog = catalog
        self.configuration = configuration
    }

    /// Copies the database to `destination` (a file that must not exist), checks the copy and
    /// renames it into place; `progress` hears each step.
    public func write(
        to destination: String, progress: (@Sendable (BackupProgress) -> Void)? = nil
    ) throws
        -> SQLiteBackupReport
    {
        let started = Date()
        guard FileManager.default.fileExists(atPath: source) else {
            throw VitalsError(.io, "no database here", at: InputLocation(file: source))
        }
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw VitalsError(
                .duplicate, "a file of this name exists; give a new name or a folder",
                at: InputLocation(file: destination))
        }
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = DurableFile.temporaryName(for: destination)
        defer { DurableFile.remove(temporary) }
        let snapshotCounts = try copy(to: temporary, progress: progress)
        try DurableFile.flush(temporary)
        let copied = Date()
        var verification: BackupVerification?
        if configuration.verifies {
            progress?(BackupProgress(phase: .verifying, bytesDone: 0, bytesTotal: 0))
            let checked = try SQLiteFileCheck(catalog: catalog, depth: configuration.check).verify(temporary)
            guard checked.tables == snapshotCounts else {
                throw VitalsError(
                    .database, "the copy's row counts differ from the database's: nothing was kept",
                    at: InputLocation(file: source))
            }
            verification = checked
        }
        let verified = Date()
        try DurableFile.rename(temporary, to: destination)
        return SQLiteBackupReport(
            path: destination, bytes: DurableFile.size(of: destination), tables: verification?.tables ?? snapshotCounts,
            schema: verification?.schema, integrity: verification?.integrity,
            check: verification?.check,
            seconds: Date().timeIntervalSince(started), copySeconds: copied.timeIntervalSince(started),
            checkSeconds: verified.timeIntervalSince(copied))
    }

    /// Copies the source's pages into a new file at `temporary` in one read transaction; returns
    /// the row counts of that snapshot.
    private func copy(
        to temporary: String, progress: (@Sendable (BackupProgress) -> Void)?
    ) throws
        -> [BackupVerification.Table]
    {
        var sourceConfiguration = GRDB.Configuration()
        sourceConfiguration.busyMode = .timeout(10)
        let bytesPerStep = configuration.bytesPerStep
        let verifies = configuration.verifies
        do {
            let reader = try DatabaseQueue(path: source, configuration: sourceConfiguration)
            defer { try? reader.close() }
            let writer = try DatabaseQueue(path: temporary)
            defer { try? writer.close() }
            let flusher = try DurableFile.Flusher(temporary)
            return try writer.writeWithoutTransaction { destination in
                try reader.inDatabase { db in
                    // One deferred transaction: its first read fixes the snapshot every step copies
                    // and the row counts below (read after the copy, when its pages are cached).
                    try db.execute(sql: "BEGIN DEFERRED TRANSACTION")
                    defer { try? db.execute(sql: "ROLLBACK") }
                    _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master")
                    let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                    let pagesPerStep = CInt(clamping: max(1, Int64(bytesPerStep) / pageSize))
                    let readAhead = ReadAhead(source)
                    ReadAhead(source + "-wal")?.requestAll()
                    readAhead?.advance(to: 0)
                    try db.backup(to: destination, pagesPerStep: pagesPerStep) { step in
                        try flusher.flush()
                        let total = Int64(step.totalPageCount) * pageSize
                        let done = Int64(step.totalPageCount - step.remainingPageCount) * pageSize
                        readAhead?.advance(to: done)
                        progress?(BackupProgress(phase: .copying, bytesDone: done, bytesTotal: total))
                    }
                    return verifies ? try SQLiteFileCheck.tables(in: db) : []
                }
            }
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "cannot copy the database", at: InputLocation(file: source),
                underlying: SendableDescription(error))
        }
    }
}
