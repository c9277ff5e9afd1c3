public import Foundation
import GRDB
public import VitalsCore
public import VitalsInsights

extension SQLiteAppRecordStore {
    public func workoutSessions(in range: DateRange?) async throws -> [WorkoutSession] {
        try await tables.read { db in
            let bounds =
                range.map { ($0.start.timeIntervalSince1970, $0.end.timeIntervalSince1970) }
                ?? (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
            return try Self.sessions(db, where: "start_date >= ? AND start_date < ?", [bounds.0, bounds.1])
        }
    }

    public func workoutSession(id: UUID) async throws -> WorkoutSession? {
        try await tables.read { db in try Self.sessions(db, where: "id = ?", [id]).first }
    }

    public func saveWorkoutSession(_ session: WorkoutSession) async throws {
        try await tables.write { db in
            try db.execute(sql: "DELETE FROM workout_sessions WHERE id = ?", arguments: [session.id])
            try Self.insert(session, db)
        }
    }

    public func deleteWorkoutSession(id: UUID) async throws -> Bool {
        try await delete(id, from: "workout_sessions")
    }

    public func applyIngestedSessions(_ sessions: [WorkoutSession], at date: Date) async throws -> Set<UUID> {
        try await tables.write { db in
            var added = Set<UUID>()
            for session in sessions where try Self.insert(session, db, ifNew: true) {
                added.insert(session.id)
            }
            try Self.recordSync(.workout, at: date, in: db)
            return added
        }
    }

    /// Inserts `session` and its rows; with `ifNew`, a session whose id or HealthKit UUID is
    /// stored already is left as it is. Returns whether it was inserted.
    @discardableResult
    private static func insert(_ session: WorkoutSession, _ db: Database, ifNew: Bool = false) throws -> Bool {
        try db.execute(
            sql: """
                INSERT INTO workout_sessions (id, healthkit_uuid, template, activity, start_date, end_date, duration_minutes,
                                              active_kilocalories, distance_meters, source_name, source_bundle)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\(ifNew ? " ON CONFLICT DO NOTHING" : "")
                """,
            arguments: [
                session.id, session.healthKitUUID, session.template.rawValue,
                Int64(session.activity.rawValue), session.start.timeIntervalSince1970,
                session.end.timeIntervalSince1970, session.durationMinutes, session.activeKilocalories,
                session.distanceMeters, session.source.name, session.source.bundleIdentifier,
            ])
        guard db.changesCount > 0 else { return false }
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO workout_rows (id, session_id, position, activity, start_date, end_date, duration_minutes,
                                          active_kilocalories, distance_meters)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for row in session.rows {
            try statement.execute(arguments: [
                row.id, session.id, row.position, Int64(row.activity.rawValue),
                row.start.timeIntervalSince1970, row.end.timeIntervalSince1970,
                row.durationMinutes, row.activeKilocalories, row.distanceMeters,
            ])
        }
        return true
    }

    /// The sessions matching `condition`, oldest first, with their rows.
    private static func sessions(
        _ db: Database, where condition: String,
        _ arguments: StatementArguments
    ) throws -> [WorkoutSession] {
        let sessions = try Row.fetchAll(
            db,
            sql: """
                SELECT id, healthkit_uuid, template, activity, start_date, end_date, duration_minutes,
                       active_kilocalories, distance_meters, source_name, source_bundle
                FROM workout_sessions WHERE \(condition) ORDER BY start_date, id
                """, arguments: arguments)
        return try sessions.map { row in
            let id: UUID = row[0]
            guard let template = WorkoutTemplate(rawValue: row[2]) else { throw unreadable("workout_sessions") }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, position, activity, start_date, end_date, duration_minutes, active_kilocalories, distance_meters
                    FROM workout_rows WHERE session_id = ? ORDER BY position
                    """, arguments: [id]
            ).map { part in
                WorkoutRow(
                    id: part[0], sessionID: id, position: part[1],
                    activity: WorkoutActivityType(rawValue: UInt(clamping: part[2] as Int64)),
                    start: Date(timeIntervalSince1970: part[3]), end: Date(timeIntervalSince1970: part[4]),
                    durationMinutes: part[5], activeKilocalories: part[6], distanceMeters: part[7])
            }
            return WorkoutSession(
                id: id, healthKitUUID: row[1], template: template,
                activity: WorkoutActivityType(rawValue: UInt(clamping: row[3] as Int64)),
                start: Date(timeIntervalSince1970: row[4]), end: Date(timeIntervalSince1970: row[5]),
                durationMinutes: row[6], activeKilocalories: row[7], distanceMeters: row[8],
                source: Source(name: row[9], bundleIdentifier: row[10]), rows: rows)
        }
    }
}
