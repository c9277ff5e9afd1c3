import Crypto
import Foundation

/// A SHA-256 over a canonical serialization of one user's data, equal on SQLite and
/// PostgreSQL exactly when the migration kept everything.
///
/// The data is the user's export (``UserExport``, as `GET /api/me/export` answers) and token,
/// without what is local to one server: ingest log ids (a migration may renumber them). Each
/// part's elements are serialized (JSON with sorted keys; a sample as a line of its fields)
/// and sorted, so the order either database returns ties in does not matter. Instants are
/// compared to the microsecond, PostgreSQL's precision; sample times and values exactly.
enum MigrationChecksum {
    /// The token's fields as one line (hash, creation and expiry to the microsecond).
    static func token(hash: String, createdAt: Double, expiresAt: Double?) -> String {
        "\(hash) \(CopyText.microseconds(createdAt)) \(expiresAt.map { String(CopyText.microseconds($0)) } ?? "-")"
    }

    /// The hex SHA-256 of `export` and `token` (nil: the user has none).
    static func digest(_ export: UserExport, token: String?) throws -> String {
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
        section("samples", export.samples.map { sample in
            [sample.uuid.uuidString, sample.type, "\(sample.start.timeIntervalSince1970)",
             "\(sample.end.timeIntervalSince1970)", "\(sample.value)", sample.sourceName, sample.metadataJSON ?? "-"]
                .joined(separator: "\u{1F}")
        })
        section("quests", try lines(export.quests))
        section("questCompletions", try lines(export.questCompletions))
        section("ingests", try lines(export.ingests.map { entry in
            var entry = entry
            entry.id = 0
            return entry
        }))
        section("workoutSamples", try lines(export.workoutSamples))
        section("routes", try lines(export.routes))
        section("activitySummaries", try lines(export.activitySummaries))
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
