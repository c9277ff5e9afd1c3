import Foundation
import VitalsCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File steps that survive a power loss: flushed contents, renames flushed in their folder.
package enum DurableFile {
    /// A hidden name beside `path` for a file being written, unique to this process.
    package static func temporaryName(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).partial-\(getpid())"
        ).path
    }

    /// Removes `path` and what SQLite may have left beside it (`-wal`, `-shm`, `-journal`), and
    /// its ``DatabaseFileLock`` file: only for a database no process has open.
    package static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        unlink(DatabaseFileLock.lockPath(for: path))
    }

    /// Removes a file by shrinking it from its end a step at a time, each step flushed, then
    /// unlinking it; `step` hears the size after each.
    ///
    /// Removing a large file at once frees all its blocks in one commit of the file system's
    /// journal, and on a disk mounted with online discard (ext4's `discard`, usual on cloud
    /// disks) that commit trims them all while every other writer's flush on the disk waits:
    /// removing a 1 GB backup held a server's commits for 70-280 ms. In steps, one commit frees
    /// at most one step. A file that cannot be opened for writing is unlinked as it is.
    package static func removeInSteps(
        _ path: String, bytesPerStep: Int64 = 32 << 20, step: ((Int64) -> Void)? = nil
    ) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var size = self.size(of: path)
            while size > 0 {
                size = max(0, size - max(1, bytesPerStep))
                guard ftruncate(descriptor, off_t(size)) == 0, fsync(descriptor) == 0 else { break }
                step?(size)
            }
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw VitalsError(.io, "cannot remove the file (errno \(errno))", at: InputLocation(file: path))
        }
    }

    /// The file's size in bytes, 0 when it cannot be read.
    package static func size(of path: String) -> Int64 {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// Flushes the file's contents to disk (`fsync`).
    package static func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw VitalsError(.io, "cannot open the file to flush it", at: InputLocation(file: path))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw VitalsError(.io, "cannot flush the file to disk (errno \(errno))", at: InputLocation(file: path))
        }
    }

    /// A file kept open to flush it again and again while another writer (SQLite) fills it.
    final class Flusher {
        private let path: String
        private let descriptor: Int32

        /// Opens `path`, which must exist.
        init(_ path: String) throws {
            self.path = path
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw VitalsError(.io, "cannot open the file to flush it", at: InputLocation(file: path))
            }
        }

        /// Flushes what has been written to the file so far (`fsync`).
        func flush() throws {
            guard fsync(descriptor) == 0 else {
                throw VitalsError(.io, "cannot flush the file to disk (errno \(errno))", at: InputLocation(file: path))
            }
        }

        deinit { close(descriptor) }
    }

    /// Renames `path` to `destination` (replacing it) and flushes the folder, so the new name survives a power loss.
    package static func rename(_ path: String, to destination: String) throws {
        guard Foundation.rename(path, destination) == 0 else {
            throw VitalsError(
                .io, "cannot rename \(path) into place (errno \(errno))", at: InputLocation(file: destination))
        }
        flushFolder(of: destination)
    }

    /// Flushes the folder holding `path` (its entries), as far as the system allows.
    package static func flushFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Copies `path` to a new file `destination` in 4 MiB reads, flushed; `progress` hears bytes done and total.
    package static func copy(_ path: String, to destination: String, progress: ((Int64, Int64) -> Void)?) throws {
        let total = size(of: path)
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw VitalsError(.io, "cannot read the file", at: InputLocation(file: path)) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw VitalsError(.io, "cannot create the file (errno \(errno))", at: InputLocation(file: destination))
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 4 << 20)
        var done: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw VitalsError(.io, "cannot read the file (errno \(errno))", at: InputLocation(file: path))
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else {
                    throw VitalsError(
                        .io, "cannot write the file (errno \(errno))", at: InputLocation(file: destination))
                }
                written += step
            }
            done += Int64(count)
            progress?(done, total)
        }
        guard fsync(output) == 0 else {
            throw VitalsError(
                .io, "cannot flush the file to disk (errno \(errno))", at: InputLocation(file: destination))
        }
    }
}
