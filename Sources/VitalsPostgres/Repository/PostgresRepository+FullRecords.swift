import Foundation
import Logging
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// Whole workout samples, routes and activity summaries (`server-v3-full-records`).
extension PostgresRepository {
    public func workoutSamples(
        of user: ServerUser, startingBefore end: Date?, endingFrom start: Date?
    ) async throws
        -> [StoredWorkout]
    {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await guarded {
            try await client.withConnection { try await fetchWorkoutSamples(of: user, in: window, on: $0) }
        }
    }

    /// The user's whole workout samples in `window` (its start bound aside), oldest start first.
    func fetchWorkoutSamples(
        of user: ServerUser, in window: SampleWindow,
        on connection: PostgresConnection
    ) async throws -> [StoredWorkout] {
        var workouts: [StoredWorkout] = []
        for try await row in try await connection.query(
            """
            SELECT uuid, start_time, end_time, sample FROM workout_samples
            WHERE user_id = \(user.id) AND start_time < \(window.startBefore) AND end_time >= \(window.endFrom)
            ORDER BY start_time, uuid
            """, logger: logger)
        {
            let cells = row.makeRandomAccess()
            workouts.append(
                StoredWorkout(
                    uuid: try cells.value("uuid"),
                    start: Date(timeIntervalSince1970: try cells.value("start_time")),
                    end: Date(timeIntervalSince1970: try cells.value("end_time")),
                    json: try cells.value("sample")))
        }
        return workouts
    }

    public func workoutRecords(of user: ServerUser, startingBefore end: Date?) async throws -> [WorkoutRecord] {
        try await guarded {
            try await client.withConnection { connection in
                try await fetchWorkoutRecords(of: user, startingBefore: end ?? .distantFuture, on: connection)
            }
        }
    }

    /// The user's workout records that start before `end`, oldest start first.
    func fetchWorkoutRecords(
        of user: ServerUser, startingBefore end: Date,
        on connection: PostgresConnection
    ) async throws -> [WorkoutRecord] {
        var workouts: [WorkoutRecord] = []
        for try await row in try await connection.query(
            """
            SELECT external_id, date::text, source, type, duration_minutes, calories, distance, start_time, end_time
            FROM workout_records WHERE user_id = \(user.id) AND start_time < \(end) ORDER BY start_time, external_id
            """, logger: logger)
        {
            let cells = row.makeRandomAccess()
            guard let date = try? LocalDate(parsing: try cells.value("date")),
                let source = HealthSyncRequest.DataSource(rawValue: try cells.value("source"))
            else {
                continue
            }
            workouts.append(
                WorkoutRecord(
                    externalId: try cells.value("external_id"), date: date,
                    source: source, type: try cells.value("type"),
                    durationMinutes: try cells.value("duration_minutes"),
                    calories: try cells.value("calories"),
                    distance: try cells.value("distance"),
                    startTime: try cells.value("start_time"),
                    endTime: try cells.value("end_time")))
        }
        return workouts
    }

    public func routes(of user: ServerUser, workout uuid: UUID) async throws -> [StoredRoute] {
        try await guarded { try await client.withConnection { try await fetchRoutes(of: user, workout: uuid, on: $0) } }
    }

    /// The routes of the user's workout with `uuid` (of every workout when nil), by workout and
    /// index, each route's points by time.
    func fetchRoutes(
        of user: ServerUser, workout uuid: UUID?,
        on connection: PostgresConnection
    ) async throws -> [StoredRoute] {
        let columns = """
            SELECT workout_uuid, route, time, latitude, longitude, altitude, speed, course, horizontal_accuracy,
                vertical_accuracy FROM route_points
            """
        let order = "ORDER BY workout_uuid, route, time, position"
        let rows =
            if let uuid {
                try await connection.query(
                    """
                    \(unescaped: columns) WHERE user_id = \(user.id) AND workout_uuid = \(uuid) \(unescaped: order)
                    """, logger: logger)
            } else {
                try await connection.query(
                    "\(unescaped: columns) WHERE user_id = \(user.id) \(unescaped: order)",
                    logger: logger)
            }
        var routes: [StoredRoute] = []
        for try await row in rows {
            let cells = row.makeRandomAccess()
            let workout = try cells.value("workout_uuid", as: UUID.self)
            let index = try cells.value("route", as: Int.self)
            if routes.last?.workout != workout || routes.last?.index != index {
                routes.append(StoredRoute(workout: workout, index: index, points: []))
            }
            routes[routes.count - 1].points.append(
                RoutePoint(
                    time: Date(timeIntervalSince1970: try cells.value("time")),
                    latitude: try cells.value("latitude"), longitude: try cells.value("longitude"),
                    altitude: try cells.value("altitude"), speed: try cells.value("speed"),
                    course: try cells.value("course"),
                    horizontalAccuracy: try cells.value("horizontal_accuracy"),
                    verticalAccuracy: try cells.value("vertical_accuracy")))
        }
        return routes
    }

    public func activitySummaries(
        of user: ServerUser, in days: ClosedRange<LocalDate>?
    ) async throws
        -> [ActivitySummary]
    {
        try await guarded {
            try await client.withConnection { try await fetchActivitySummaries(of: user, in: days, on: $0) }
        }
    }

    /// The user's activity summaries of the days in `days` (all when nil), oldest day first.
    func fetchActivitySummaries(
        of user: ServerUser, in days: ClosedRange<LocalDate>?,
        on connection: PostgresConnection
    ) async throws -> [ActivitySummary] {
        let (first, last) = ActivitySummaryJSON.bounds(days)
        var summaries: [ActivitySummary] = []
        for try await details in try await connection.query(
            """
            SELECT details FROM activity_summaries WHERE user_id = \(user.id)
            AND date COLLATE "C" >= \(first) AND date COLLATE "C" <= \(last)
            ORDER BY date
            """, logger: logger
        ).decode(String.self) {
            if let summary = ActivitySummaryJSON.decode(details) { summaries.append(summary) }
        }
        return summaries
    }
}
