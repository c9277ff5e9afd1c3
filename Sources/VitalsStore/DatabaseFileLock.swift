import Foundation
import VitalsCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on `PATH.lock` beside a database file, saying a process has the file open.
///
/// Every process that opens a Vitals SQLite file (a store, a server's database) holds it shared
/// while the file is open; `vitals restore` takes it exclusive before it replaces the file, so it
/// never swaps a database out from under a running server. The lock is `flock(2)` on a file of
/// its own, never on the database (SQLite's own locks there are `fcntl` ranges, which `flock`
/// must not meet), and it ends with the process however that ends. The lock file stays behind:
/// removing it would let two processes lock two different files of one name.
public final class DatabaseFileLock: Sendable {
    /// Shared for processes using the file, exclusive for one replacing it.
    public enum Mode: Sendable {
        case shared, exclusive
    }

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    /// The lock file's path for `databasePath`.
    public static func lockPath(for databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock for `databasePath` without waiting.
    ///
    /// Returns nil when the lock file cannot be made (a read-only folder): such a file cannot be
    /// replaced either. Throws `.unavailable` when another process holds the lock in a way that
    /// conflicts with `mode`, naming what to do.
    public static func acquire(for databasePath: String, mode: Mode) throws -> DatabaseFileLock? {
        let path = lockPath(for: databasePath)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        var result: Int32
        repeat { result = flock(descriptor, operation) } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = errno
            close(descriptor)
            guard reason == EWOULDBLOCK else { return nil }
            throw VitalsError(
                .unavailable,
                mode == .shared
                    ? "the database is being replaced by `vitals restore`; try again when it has finished"
                    : "the database is open in another process (a running `vitals serve`, `vitals dashboard` or `vitals mcp`, or another command); stop it first (for the systemd service: systemctl stop vitals)",
                at: InputLocation(file: databasePath))
        }
        return DatabaseFileLock(path: path, descriptor: descriptor)
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
