import Foundation

/// Where an export's bytes go: called with a file name and whole lines, in order per file.
///
/// A directory writes each file; a server response writes every line into one NDJSON stream.
public typealias ExportWrite = (_ file: String, _ bytes: [UInt8]) async throws -> Void

/// Collects lines per file and hands them on in chunks of about `chunkSize` bytes.
struct ExportOutput {
    private var buffers: [String: [UInt8]] = [:]
    /// Lines written, per file.
    private(set) var lines: [String: Int] = [:]
    let chunkSize: Int

    init(chunkSize: Int = 256 * 1024) { self.chunkSize = chunkSize }

    /// Adds one line (a newline is appended) and writes the file's chunk once it is full.
    mutating func append(_ line: [UInt8], to file: String, write: ExportWrite) async throws {
        lines[file, default: 0] += 1
        guard Self.add(line, to: &buffers[file, default: []], chunkSize: chunkSize),
            let buffer = buffers.removeValue(forKey: file)
        else { return }
        try await write(file, buffer)
    }

    /// Appends `line` and a newline to `buffer`; true when the buffer holds a chunk.
    private static func add(_ line: [UInt8], to buffer: inout [UInt8], chunkSize: Int) -> Bool {
        buffer.append(contentsOf: line)
        buffer.append(0x0A)
        return buffer.count >= chunkSize
    }

    /// Writes one line (a newline is appended) at once, ahead of what is buffered: the Patient first, a
    /// Device before the Observations that name it are handed on.
    mutating func appendNow(_ line: [UInt8], to file: String, write: ExportWrite) async throws {
        lines[file, default: 0] += 1
        try await write(file, line + [0x0A])
    }

    /// Writes what is left, file by file in name order.
    mutating func flush(write: ExportWrite) async throws {
        for file in buffers.keys.sorted() {
            guard let buffer = buffers.removeValue(forKey: file), !buffer.isEmpty else { continue }
            try await write(file, buffer)
        }
    }
}
