import Crypto
import Foundation
import VitalsServerStorage

/// A SHA-256 over a canonical serialization of one user's data, equal on SQLite and
/// PostgreSQL exactly when the migration kept everything; computed as a stream.
///
/// The data is the user's export (``UserExport``, as `GET /api/me/export` answers) and token,
/// without what is local to one server: ingest log ids (a migration may renumber them). Each
/// part but the samples is small: its elements are serialized (JSON with sorted keys) and
/// sorted, so the order either database returns ties in does not matter; instants are compared
/// to the microsecond, PostgreSQL's precision. The samples, millions for some users, are never
/// held: each database returns them in the same order (by UUID, byte by byte: SQLite's BLOB
/// order and PostgreSQL's `uuid` order) and they are hashed one at a time as stored: UUID bytes,
/// type, the bit patterns of start, end and value, source and metadata text.
struct MigrationChecksum: Sendable {
    private var hasher = SHA256()
    private var samples = 0

    /// The token's fields as one line (hash, creation and expiry to the microsecond).
    static func token(hash: String, createdAt: Double, expiresAt: Double?) -> String {
        "\(hash) \(CopyText.microseconds(createdAt)) \(expiresAt.map { String(CopyText.microseconds($0)) } ?? "-")"
    }

    /// Starts with everything of `export` but its samples, and `token` (nil: the user has none).
    init(_ export: UserExport, token: String?) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(CopyText.microseconds(date.timeIntervalSince1970))
        }
        func lines<T: Encodable>(_ values: [T]) throws -> [String] {
            try values.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        }
        var hasher = SHA256()
        func section(_ name: String, _ lines: [String]) {
            hasher.update(data: Data("\(name) \(lines.count)\n".utf8))
            for line in lines.sorted() { hasher.update(data: Data((line + "\n").utf8)) }
        }
        section("user", try lines([export.user]))
        section("token", [token ?? "-"])
        section("snapshots", try lines(export.snapshots))
        section("workouts", try lines(export.workouts))
        section("quests", try lines(export.quests))
        section("questCompletions", try lines(export.questCompletions))
        section(
            "ingests",
            try lines(
                export.ingests.map { entry in
                    var entry = entry
                    entry.id = 0
                    return entry
                }))
        section("workoutSamples", try lines(export.workoutSamples))
        section("routes", try lines(export.routes))
        section("activitySummaries", try lines(export.activitySummaries))
        section("characteristics", export.characteristics.map { "\($0.key) \($0.value)" })
        section("rawData", try lines(export.rawData))
        hasher.update(data: Data("samples\n".utf8))
        self.hasher = hasher
    }

    /// Adds the next sample, in UUID order, from its stored bytes: 16 of UUID, type, source and
    /// metadata (nil: none) as UTF-8, and the bit patterns of start, end and value.
    mutating func addSample(
        uuid: UnsafeRawBufferPointer, type: UnsafeRawBufferPointer, start: UInt64, end: UInt64,
        value: UInt64, source: UnsafeRawBufferPointer, metadata: UnsafeRawBufferPointer?
    ) {
        hasher.update(bufferPointer: uuid)
        add(text: type)
        add(start)
        add(end)
        add(value)
        add(text: source)
        if let metadata { add(text: metadata) } else { add(UInt64.max) }  // never a length
        samples += 1
    }

    /// Adds UTF-8 `text` after its length, so no two sequences of fields hash alike.
    private mutating func add(text: UnsafeRawBufferPointer) {
        add(UInt64(text.count))
        hasher.update(bufferPointer: text)
    }

    private mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.bigEndian) { hasher.update(bufferPointer: $0) }
    }

    /// The hex SHA-256, closed by the number of samples.
    func finish() -> String {
        var hasher = hasher
        hasher.update(data: Data("\(samples) samples\n".utf8))
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
