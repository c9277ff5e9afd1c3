import Foundation
import GRDB
import VitalsCore

/// Puts a backup in place of a database, atomically, only once the backup has proven whole.
///
/// In order: the target's lock taken exclusive (refused while any process has the file open,
/// ``DatabaseFileLock``); the backup copied beside the target under a temporary name, flushed and
/// checked (``SQLiteFileCheck``: a truncated, damaged or newer-schema backup is refused and the
/// target is not touched); the target's write-ahead log folded into it; the target kept under
/// `TARGET.before-restore-TIME` (a hard link, so the target's name never goes missing); the copy
/// renamed over the target; the new file opened. If it does not open as it was checked, the
/// previous file is put back. Otherwise the previous one is removed, unless asked to keep it.
public struct SQLiteRestore: Sendable {
    /// The backup to restore.
    public let backup: String
    /// The database file to replace (or create).
    public let target: String
    /// The kinds of file and migrations this binary knows.
    public let catalog: SchemaCatalog
    /// Keep the replaced file beside the target after the new one opened. Default false.
    public var keepsPrevious = false
    /// How deep the backup is checked. Default `.full` (`PRAGMA integrity_check`).
    public var check = SQLiteFileCheck.Depth.full

    /// A restore of `backup` over `target`.
    public init(backup: String, target: String, catalog: SchemaCatalog) {
        self.backup = backup
        self.target = target
        self.catalog = catalog
    }

    /// Runs the restore; `progress` hears the copy and the check.
    public func run(progress: (@Sendable (BackupProgress) -> Void)? = nil) throws -> SQLiteRestoreReport {
        let started = Date()
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = try DatabaseFileLock.acquire(for: target, mode: .exclusive)
        defer { withExtendedLifetime(lock) {} }
        _ = try SQLiteFileHeader.checkLength(of: backup)

        let temporary = DurableFile.temporaryName(for: target)
        DurableFile.remove(temporary)
        defer { DurableFile.remove(temporary) }
        try DurableFile.copy(backup, to: temporary) { done, total in
            progress?(BackupProgress(phase: .copying, bytesDone: done, bytesTotal: total))
        }
        progress?(BackupProgress(phase: .verifying, bytesDone: 0, bytesTotal: 0))
        let verification: BackupVerification
        do {
            verification = try SQLiteFileCheck(catalog: catalog, depth: check).verify(temporary)
        } catch var error as VitalsError {
            // Name the backup the user gave, not the copy beside the target.
            error.location = InputLocation(file: backup)
            throw error
        }
        try checkKind(of: verification)

        let previous = try setAsidePrevious()
        do {
            try DurableFile.rename(temporary, to: target)
            try checkOpens(matching: verification)
        } catch {
            if let previous { try? DurableFile.rename(previous, to: target) }
            throw error
        }
        if let previous, !keepsPrevious { DurableFile.remove(previous) }
        return SQLiteRestoreReport(
            target: target, bytes: verification.bytes, tables: verification.tables,
            schema: verification.schema, previous: keepsPrevious ? previous : nil,
            seconds: Date().timeIntervalSince(started))
    }

    /// Refuses to put one kind of file over another (a store's backup over a server's database).
    private func checkKind(of verification: BackupVerification) throws {
        guard FileManager.default.fileExists(atPath: target),
            let existing = try? DatabaseQueue(path: target)
        else { return }
        defer { try? existing.close() }
        guard
            let applied = try? existing.read({ db -> Set<String>? in
                guard try db.tableExists("grdb_migrations") else { return nil }
                return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
            }), let kind = catalog.kind(applied: applied)
        else { return }
        guard kind.name == verification.schema.kind else {
            throw VitalsError(
                .invalidInput,
                "the backup is a \(verification.schema.kind) database and this file is a \(kind.name) database; restore it to a \(verification.schema.kind) database's path or a new one",
                at: InputLocation(file: target, field: "--db"))
        }
    }

    /// Folds the target's write-ahead log into it and links it as `TARGET.before-restore-TIME`;
    /// nil when there is no target.
    private func setAsidePrevious() throws -> String? {
        guard FileManager.default.fileExists(atPath: target) else { return nil }
        if FileManager.default.fileExists(atPath: target + "-wal"), let queue = try? DatabaseQueue(path: target) {
            _ = try? queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try? queue.close()
        }
        let previous = "\(target).before-restore-\(BackupFolder.stamp(Date()))"
        DurableFile.remove(previous)
        guard link(target, previous) == 0 else {
            throw VitalsError(
                .io, "cannot keep the current file beside it before replacing it (errno \(errno))",
                at: InputLocation(file: target))
        }
        // A log left by a file that could not be opened belongs to it, not to the backup.
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: target + suffix) {
            _ = Foundation.rename(target + suffix, previous + suffix)
        }
        DurableFile.flushFolder(of: target)
        return previous
    }

    /// Opens the restored file and checks it is the one that was verified.
    private func checkOpens(matching verification: BackupVerification) throws {
        let location = InputLocation(file: target)
        do {
            let queue = try DatabaseQueue(path: target)
            defer { try? queue.close() }
            let (schema, names) = try queue.read { db in
                (
                    try SQLiteFileCheck.schema(in: db, catalog: catalog, location: location),
                    try String.fetchAll(
                        db,
                        sql:
                            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
                    )
                )
            }
            guard schema == verification.schema, names == verification.tables.map(\.name) else {
                throw VitalsError(
                    .database, "the restored file does not open as the backup checked; the previous file is back",
                    at: location)
            }
        } catch let error as VitalsError {
            throw error
        } catch {
            throw VitalsError(
                .database, "the restored file does not open; the previous file is back", at: location,
                underlying: SendableDescription(error))
        }
    }
}
