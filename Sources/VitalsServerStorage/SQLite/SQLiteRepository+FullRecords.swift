import Foundation
import GRDB
import VitalsCore
import VitalsStore

/// Whole workout samples, routes and activity summaries (`server-v3-full-records`).
extension SQLiteRepository {
    /// Inserts the workout samples not stored yet; returns the offsets of those that were new.
    static func insert(_ workouts: [StoredWorkout], for user: ServerUser, in db: Database) throws -> [Int] {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO workout_samples (user_id, uuid, start, "end", sample) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """)
        var added: [Int] = []
        for (offset, workout) in workouts.enumerated() {
            try statement.execute(arguments: [
                user.id, workout.uuid, workout.start.timeIntervalSince1970,
                workout.end.timeIntervalSince1970, workout.json,
            ])
            if db.changesCount > 0 { added.append(offset) }
        }
        return added
    }

    /// Inserts route points not stored yet; returns how many were new.
    static func insert(_ routes: [StoredRoute], for user: ServerUser, in db: Database) throws -> Int {
        let row = RawStatement(
            try db.cachedStatement(
                sql: """
                    INSERT INTO route_points (user_id, workout_uuid, route, position, time, latitude, longitude, altitude, speed,
                        course, horizontal_accuracy, vertical_accuracy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """))
        var added = 0
        for route in routes {
            for (position, point) in route.points.enumerated() {
                row.reset()
                row.bind(1, user.id)
                row.bind(2, route.workout)
                row.bind(3, Int64(route.index))
                row.bind(4, Int64(position))
                row.bind(5, point.time.timeIntervalSince1970)
                row.bind(6, point.latitude)
                row.bind(7, point.longitude)
                row.bind(8, point.altitude)
                row.bind(9, point.speed)
                row.bind(10, point.course)
                row.bind(11, point.horizontalAccuracy)
                row.bind(12, point.verticalAccuracy)
                try row.step(db)
                added += Int(row.changes(db))
            }
        }
        row.reset()
        return added
    }

    /// Upserts activity summaries by day, writing only a change; returns how many days were new or changed.
    static func upsert(_ summaries: [ActivitySummary], for user: ServerUser, in db: Database) throws -> Int {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO activity_summaries (user_id, date, details) VALUES (?, ?, ?)
                ON CONFLICT (user_id, date) DO UPDATE SET details = excluded.details WHERE details IS NOT excluded.details
                """)
        var written = 0
        for summary in summaries {
            try statement.execute(arguments: [user.id, summary.date, ActivitySummaryJSON.encode(summary)])
            written += db.changesCount
        }
        return written
    }

    public func workoutSamples(
        of user: ServerUser, startingBefore end: Date?, endingFrom start: Date?
    ) async throws
        -> [StoredWorkout]
    {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await read { db in
            try Self.workoutSamples(
                of: user, where: "start < ? AND \"end\" >= ?",
                [window.startBefore, window.endFrom], in: db)
        }
    }

    /// The user's whole workout samples matching `condition`, oldest start first.
    static func workoutSamples(
        of user: ServerUser, where condition: String, _ arguments: StatementArguments,
        in db: Database
    ) throws -> [StoredWorkout] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT uuid, start, "end", sample FROM workout_samples WHERE user_id = ? AND \(condition) ORDER BY start, uuid
                """, arguments: [user.id] + arguments
        ).map { row in
            StoredWorkout(
                uuid: row["uuid"], start: Date(timeIntervalSince1970: row["start"]),
                end: Date(timeIntervalSince1970: row["end"]), json: row["sample"])
        }
    }

    public func workoutRecords(of user: ServerUser, startingBefore end: Date?) async throws -> [WorkoutRecord] {
        let before = end?.timeIntervalSince1970 ?? .infinity
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT external_id, date, source, type, duration_minutes, calories, distance, start_time, end_time
                    FROM workout_records WHERE user_id = ? AND start_time < ? ORDER BY start_time, external_id
                    """, arguments: [user.id, before]
            ).compactMap(Self.workout(from:))
        }
    }

    public func routes(of user: ServerUser, workout uuid: UUID) async throws -> [StoredRoute] {
        try await read { db in try Self.routes(of: user, where: "workout_uuid = ?", [uuid], in: db) }
    }

    /// The user's routes whose points match `condition`, by workout and index, each route's points by time.
    static func routes(
        of user: ServerUser, where condition: String, _ arguments: StatementArguments,
        in db: Database
    ) throws -> [StoredRoute] {
        var routes: [StoredRoute] = []
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT workout_uuid, route, time, latitude, longitude, altitude, speed, course, horizontal_accuracy,
                    vertical_accuracy FROM route_points WHERE user_id = ? AND \(condition)
                ORDER BY workout_uuid, route, time, position
                """, arguments: [user.id] + arguments)
        {
            let (workout, index): (UUID, Int) = (row["workout_uuid"], row["route"])
            if routes.last?.workout != workout || routes.last?.index != index {
                routes.append(StoredRoute(workout: workout, index: index, points: []))
            }
            routes[routes.count - 1].points.append(
                RoutePoint(
                    time: Date(timeIntervalSince1970: row["time"]), latitude: row["latitude"],
                    longitude: row["longitude"],
                    altitude: row["altitude"], speed: row["speed"], course: row["course"],
                    horizontalAccuracy: row["horizontal_accuracy"], verticalAccuracy: row["vertical_accuracy"]))
        }
        return routes
    }

    public func activitySummaries(
        of user: ServerUser, in days: ClosedRange<LocalDate>?
    ) async throws
        -> [ActivitySummary]
    {
        let (first, last) = ActivitySummaryJSON.bounds(days)
        return try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT details FROM activity_summaries WHERE user_id = ? AND date >= ? AND date <= ? ORDER BY date
                    """, arguments: [user.id, first, last]
            ).compactMap(ActivitySummaryJSON.decode)
        }
    }
}
