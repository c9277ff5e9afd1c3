import Foundation
import GRDB
import NIOCore
import VitalsServerStorage

/// One server table as `vitals migrate` copies it: the SQLite query of one user's rows and the
/// PostgreSQL columns they go to, each with its conversion.
///
/// Rows travel as PostgreSQL `COPY ... FROM STDIN` text, built straight from SQLite's stored
/// values: numbers as their shortest exact decimal (a double reads back bit for bit), text
/// escaped, SQLite's UNIX-second instants as `TIMESTAMPTZ` text rounded to the microsecond
/// (PostgreSQL's precision), `0`/`1` as booleans, 16-byte blobs as UUIDs.
struct MigrationTable: Sendable {
    /// How a SQLite value becomes a COPY field.
    enum Cell: Sendable {
        /// A number or text as stored.
        case plain
        /// UNIX seconds (REAL) to `TIMESTAMPTZ`.
        case timestamp
        /// 0 or 1 to `BOOLEAN`.
        case bool
        /// A 16-byte blob to `UUID`.
        case uuid
        /// The user's id in SQLite, written as their id in PostgreSQL.
        case userID
        /// An ingest log id, written as mapped (see ``ServerMigration``).
        case ingestID
    }

    /// The PostgreSQL table.
    let name: String
    /// Selects one user's rows (`?` is the SQLite user id), columns in the order of ``columns``.
    let select: String
    /// PostgreSQL column names with the conversion of the value selected for each.
    let columns: [(name: String, cell: Cell)]

    /// The tables copied after the user row, in an order that satisfies every foreign key.
    /// Samples are copied separately, in batches (``ServerMigration``).
    static let all: [MigrationTable] = [
        MigrationTable(
            name: "tokens", select: "SELECT user_id, token_hash, created_at, expires_at FROM tokens",
            columns: [
                ("user_id", .userID), ("token_hash", .plain), ("created_at", .timestamp),
                ("expires_at", .timestamp),
            ]),
        MigrationTable(
            name: "health_snapshots",
            select: """
                SELECT user_id, date, source, steps, exercise_minutes, stand_minutes, sleep_minutes, active_calories,
                    resting_heart_rate, hrv, workouts_count, sleep_quality_score, protein_logged, verification_level,
                    updated_at FROM health_snapshots
                """,
            columns: [("user_id", .userID), ("date", .plain), ("source", .plain)]
                + SnapshotColumns.metrics.map { (name: $0, cell: $0 == "protein_logged" ? Cell.bool : Cell.plain) }
                + [("verification_level", .plain), ("updated_at", .timestamp)]),
        MigrationTable(
            name: "workout_records",
            select: """
                SELECT user_id, external_id, date, source, type, duration_minutes, calories, distance, start_time, end_time,
                    created_at FROM workout_records
                """,
            columns: [
                ("user_id", .userID), ("external_id", .plain), ("date", .plain), ("source", .plain),
                ("type", .plain), ("duration_minutes", .plain), ("calories", .plain), ("distance", .plain),
                ("start_time", .timestamp), ("end_time", .timestamp), ("created_at", .timestamp),
            ]),
        MigrationTable(
            name: "quests",
            select: """
                SELECT id, user_id, title, metric, comparison, target, recurrence, requires_verified, created_at FROM quests
                """,
            columns: [
                ("id", .plain), ("user_id", .userID), ("title", .plain), ("metric", .plain),
                ("comparison", .plain), ("target", .plain), ("recurrence", .plain),
                ("requires_verified", .bool), ("created_at", .timestamp),
            ]),
        MigrationTable(
            name: "quest_completions",
            select: "SELECT quest_id, user_id, period, date, completed_at FROM quest_completions",
            columns: [
                ("quest_id", .plain), ("user_id", .userID), ("period", .plain), ("date", .plain),
                ("completed_at", .timestamp),
            ]),
        MigrationTable(
            name: "ingest_log",
            select: "SELECT id, user_id, received_at, \(ingestPlain.joined(separator: ", ")) FROM ingest_log",
            columns: [("id", .ingestID), ("user_id", .userID), ("received_at", .timestamp)]
                + ingestPlain.map { (name: $0, cell: Cell.plain) }),
        MigrationTable(
            name: "ingest_type_last",
            select: "SELECT user_id, type, ingest_id, received_at FROM ingest_type_last",
            columns: [
                ("user_id", .userID), ("type", .plain), ("ingest_id", .ingestID),
                ("received_at", .timestamp),
            ]),
        MigrationTable(
            name: "workout_samples",
            select: #"SELECT user_id, uuid, start, "end", sample FROM workout_samples"#,
            columns: [
                ("user_id", .userID), ("uuid", .uuid), ("start_time", .plain), ("end_time", .plain),
                ("sample", .plain),
            ]),
        MigrationTable(
            name: "route_points",
            select: """
                SELECT user_id, workout_uuid, route, position, time, latitude, longitude, altitude, speed, course,
                    horizontal_accuracy, vertical_accuracy FROM route_points
                """,
            columns: [
                ("user_id", .userID), ("workout_uuid", .uuid), ("route", .plain), ("position", .plain),
                ("time", .plain), ("latitude", .plain), ("longitude", .plain), ("altitude", .plain),
                ("speed", .plain), ("course", .plain), ("horizontal_accuracy", .plain),
                ("vertical_accuracy", .plain),
            ]),
        MigrationTable(
            name: "activity_summaries", select: "SELECT user_id, date, details FROM activity_summaries",
            columns: [("user_id", .userID), ("date", .plain), ("details", .plain)]),
        MigrationTable(
            name: "characteristics", select: "SELECT user_id, identifier, value FROM characteristics",
            columns: [("user_id", .userID), ("identifier", .plain), ("value", .plain)]),
        MigrationTable(
            name: "sync_raw_data",
            select: "SELECT user_id, date, source, healthkit, received_at FROM sync_raw_data",
            columns: [
                ("user_id", .userID), ("date", .plain), ("source", .plain), ("healthkit", .plain),
                ("received_at", .timestamp),
            ]),
        // Signed-in dashboard sessions: the browsers' cookies work on the new database.
        MigrationTable(
            name: "dashboard_sessions",
            select: "SELECT id_hash, user_id, token_hash, csrf_token, expires FROM dashboard_sessions",
            columns: [
                ("id_hash", .plain), ("user_id", .userID), ("token_hash", .plain),
                ("csrf_token", .plain), ("expires", .timestamp),
            ]),
        // Upload jobs: the copy's unfinished ones are reported interrupted (their server is gone).
        MigrationTable(
            name: "import_jobs",
            select: "SELECT id, seq, user_id, owner, state, created_at, noted_at, job FROM import_jobs",
            columns: [
                ("id", .plain), ("seq", .plain), ("user_id", .userID), ("owner", .plain),
                ("state", .plain), ("created_at", .timestamp), ("noted_at", .timestamp),
                ("job", .plain),
            ]),
    ]

    /// The ingest log's columns copied as they are.
    private static let ingestPlain = [
        "kind", "status", "error_code", "body_bytes", "user_agent", "samples_received",
        "samples_stored", "workouts_received", "workouts_stored", "sample_types", "skipped",
        "days_updated", "samples_revised",
    ]

    /// Samples, copied in binary (``BinaryCopy``): selected in pages by UUID (`?` user id, `?` last
    /// UUID, an empty blob at first, `?` page size), every column but the user id (written from
    /// the target's), then the type's id, not copied (it keys the longest sample per type,
    /// ``BinaryCopy/SamplePage/longest``). The `(user_id, uuid)` index gives each page in one seek,
    /// in the order of PostgreSQL's primary key (appended at its end rather than inserted at random places).
    static let samples = MigrationTable(
        name: "samples",
        select: """
            SELECT s.uuid, t.identifier, s.start, s."end", s.value, s.source_name, s.metadata, s.type_id
            FROM samples s INDEXED BY samples_by_uuid JOIN types t ON t.id = s.type_id
            WHERE s.user_id = ? AND s.uuid > ? ORDER BY s.uuid LIMIT ?
            """,
        columns: [
            ("user_id", .userID), ("uuid", .uuid), ("type", .plain), ("start_time", .plain), ("end_time", .plain),
            ("value", .plain), ("source_name", .plain), ("metadata", .plain),
        ])

    /// Every table a user has rows in, for counting: (SQLite table, PostgreSQL table).
    static let counted = [
        "tokens", "health_snapshots", "workout_records", "samples", "quests", "quest_completions",
        "ingest_log", "ingest_type_last", "workout_samples", "route_points", "activity_summaries",
        "characteristics", "dashboard_sessions", "import_jobs", "sync_raw_data",
    ]

    /// The user's rows as COPY text.
    /// The user's rows as COPY text, with their number.
    func copyText(
        userID: Int64, targetUserID: Int64, ingestIDs: [Int64: Int64], in db: Database
    ) throws
        -> (text: ByteBuffer, rows: Int)
    {
        var text = ByteBuffer()
        var count = 0
        let rows = try Row.fetchCursor(db, sql: "\(select) WHERE user_id = ?", arguments: [userID])
        while let row = try rows.next() {
            append(row, from: 0, targetUserID: targetUserID, ingestIDs: ingestIDs, to: &text)
            count += 1
        }
        return (text, count)
    }

    /// Appends one row's fields (the row's values from `first` on) and a newline.
    func append(_ row: Row, from first: Int, targetUserID: Int64, ingestIDs: [Int64: Int64], to text: inout ByteBuffer)
    {
        for (index, column) in columns.enumerated() {
            if index > 0 { text.writeInteger(UInt8(ascii: "\t")) }
            let value: DatabaseValue = row[first + index]
            switch (column.cell, value.storage) {
            case (_, .null): text.writeStaticString("\\N")
            case (.userID, _): text.writeString(String(targetUserID))
            case (.ingestID, .int64(let id)): text.writeString(String(ingestIDs[id] ?? id))
            case (.timestamp, .double(let seconds)): CopyText.writeTimestamp(seconds, to: &text)
            case (.timestamp, .int64(let seconds)): CopyText.writeTimestamp(Double(seconds), to: &text)
            case (.bool, .int64(let flag)): text.writeStaticString(flag != 0 ? "t" : "f")
            case (.uuid, .blob(let bytes)) where bytes.count == 16: CopyText.writeUUID(bytes, to: &text)
            case (_, .int64(let number)): text.writeString(String(number))
            case (_, .double(let number)): CopyText.writeDouble(number, to: &text)
            case (_, .string(let string)): CopyText.writeEscaped(string, to: &text)
            case (_, .blob(let bytes)): CopyText.writeEscaped(String(decoding: bytes, as: UTF8.self), to: &text)
            }
        }
        text.writeInteger(UInt8(ascii: "\n"))
    }
}

/// PostgreSQL's COPY text format.
enum CopyText {
    /// An instant in UNIX seconds as PostgreSQL would keep it: rounded to the nearest microsecond.
    static func microseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// `YYYY-MM-DD HH:MM:SS.ffffff+00` for the microsecond nearest `seconds` (UNIX time).
    static func timestamp(_ seconds: Double) -> String {
        var text = ByteBuffer()
        writeTimestamp(seconds, to: &text)
        return String(buffer: text)
    }

    /// Writes ``timestamp(_:)``.
    static func writeTimestamp(_ seconds: Double, to text: inout ByteBuffer) {
        let micro = microseconds(seconds)
        var whole = micro / 1_000_000
        var fraction = micro % 1_000_000
        if fraction < 0 { fraction += 1_000_000; whole -= 1 }
        var time = time_t(whole)
        var parts = tm()
        gmtime_r(&time, &parts)
        func digits(_ value: Int64, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        text.writeString(
            digits(Int64(parts.tm_year) + 1900, 4) + "-" + digits(Int64(parts.tm_mon) + 1, 2) + "-"
                + digits(Int64(parts.tm_mday), 2) + " " + digits(Int64(parts.tm_hour), 2) + ":"
                + digits(Int64(parts.tm_min), 2) + ":" + digits(Int64(parts.tm_sec), 2) + "."
                + digits(fraction, 6) + "+00")
    }

    /// 16 bytes as UUID text (`0a1b2c3d-...`, 36 characters), written in place.
    static func writeUUID(_ bytes: Data, to text: inout ByteBuffer) {
        let digits: StaticString = "0123456789abcdef"
        text.writeWithUnsafeMutableBytes(minimumWritableBytes: 36) { out in
            bytes.withUnsafeBytes { uuid in
                var at = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    out[at] = digits.utf8Start[Int(uuid[index] >> 4)]
                    out[at + 1] = digits.utf8Start[Int(uuid[index] & 0x0F)]
                    at += 2
                }
            }
            return 36
        }
    }

    /// The shortest decimal that reads back as the same double; PostgreSQL's names for the non-finite ones.
    static func writeDouble(_ number: Double, to text: inout ByteBuffer) {
        if number.isNaN {
            text.writeStaticString("NaN")
        } else if number.isInfinite {
            text.writeStaticString(number < 0 ? "-Infinity" : "Infinity")
        } else {
            text.writeString(number.description)
        }
    }

    /// Text with backslash, tab, newline and carriage return escaped.
    static func writeEscaped(_ string: String, to text: inout ByteBuffer) {
        let plain = string.utf8.allSatisfy {
            $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\t")
                && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r")
        }
        if plain {
            text.writeString(string)
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): text.writeStaticString("\\\\")
            case UInt8(ascii: "\t"): text.writeStaticString("\\t")
            case UInt8(ascii: "\n"): text.writeStaticString("\\n")
            case UInt8(ascii: "\r"): text.writeStaticString("\\r")
            default: text.writeInteger(byte)
            }
        }
    }
}
