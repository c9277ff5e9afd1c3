import Foundation
import Hummingbird
import NIOCore
import VitalsCore

/// An export uploaded to `POST /api/me/imports`, written to a file of its own as it arrives.
///
/// The body is written chunk by chunk as Hummingbird hands it over (never collected in memory),
/// to a new file readable by the server's user only (`0600`, it holds health data). Its first
/// bytes say what it is: `PK\u{3}\u{4}` a zip (`export.zip`), anything else the XML itself
/// (`export.xml`); the importer checks the rest.
struct ImportUpload: Sendable {
    /// What the upload's first bytes say it is.
    enum Kind: String, Sendable {
        case zip, xml

        /// The name the import's report gives the file (not its path on the server).
        var exportName: String { "export.\(rawValue)" }
    }

    /// Where the body was written.
    let path: String
    /// Its size.
    let bytes: Int64
    let kind: Kind

    /// A zip file's first four bytes (a local file header).
    static let zipSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Writes `body` to a new file in `directory` (created if needed) named after `id`.
    ///
    /// Past `limit` bytes, or on any failure (the client went away, the disk is full), the
    /// partial file is deleted and the error thrown: 413 ``tooLarge(limit:)`` for the limit, 400
    /// `empty_body` for an empty body, 503 `storage_unavailable` when the file cannot be written.
    static func receive(
        _ body: RequestBody, into directory: String, id: String, limit: Int
    ) async throws -> ImportUpload {
        let path = URL(fileURLWithPath: directory).appendingPathComponent("\(id).upload").path
        let handle = try create(path, in: directory)
        var bytes: Int64 = 0
        var head: [UInt8] = []
        do {
            defer { try? handle.close() }
            for try await buffer in body {
                bytes += Int64(buffer.readableBytes)
                if bytes > Int64(limit) { throw tooLarge(limit: limit) }
                if head.count < zipSignature.count {
                    head += buffer.readableBytesView.prefix(zipSignature.count - head.count)
                }
                do {
                    try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
                } catch {
                    throw unstored("writing \(path)", error)
                }
            }
            guard bytes > 0 else {
                throw APIError(
                    .badRequest, code: "empty_body", "the body is empty: send an export.zip or its export.xml")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return ImportUpload(path: path, bytes: bytes, kind: head == zipSignature ? .zip : .xml)
    }

    /// The 413 for a body over `limit` bytes, naming the limit and the `vitals serve` flag that sets it.
    static func tooLarge(limit: Int) -> APIError {
        APIError(
            .contentTooLarge, code: "body_too_large",
            "the body is larger than \(limit) bytes, this server's limit for an export (vitals serve --max-import-bytes)"
        )
    }

    /// A new, empty file at `path` only the server's user can read, and the folder for it.
    private static func create(_ path: String, in directory: String) throws -> FileHandle {
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw unstored("creating the folder \(directory)", error)
        }
        guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw unstored("creating \(path)", errno: errno)
        }
        return handle
    }

    /// The 503 for an upload the server could not write; what failed and why go to the server's
    /// log (``JSONErrorMiddleware``), never to the answer. Neither holds the upload's bytes.
    static func unstored(_ operation: String, _ error: any Error) -> APIError {
        // Foundation wraps the system call's POSIX error in a Cocoa one (512) on Linux.
        let failure = error as NSError
        let underlying =
            failure.domain == NSPOSIXErrorDomain
            ? failure : (failure.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return unstored(operation, errno: Int32(underlying.code))
        }
        return unstored(operation, reason: String(describing: error))
    }

    /// The 503 for an upload the server could not write, for a system call that failed with `errno`.
    static func unstored(_ operation: String, errno code: Int32) -> APIError {
        unstored(operation, reason: "errno \(code), \(String(cString: strerror(code)))")
    }

    private static func unstored(_ operation: String, reason: String) -> APIError {
        var error = APIError(.serviceUnavailable, code: "storage_unavailable", "the server could not store the upload")
        error.cause = "\(operation) failed: \(reason)"
        return error
    }

    /// Deletes the file (after its import, whatever the outcome).
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
