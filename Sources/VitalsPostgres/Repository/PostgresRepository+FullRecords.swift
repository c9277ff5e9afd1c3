import Foundation
import Logging
import PostgresNIO
import VitalsCore
import VitalsContract
import VitalsServerStorage

/// Whole workout samples, routes and activity summaries (`server-v3-full-records`).
extension PostgresRepository {
    public func workoutSamples(of user: ServerUser, startingBefore end: Date?, endingFrom start: Date?) async throws
        -> [StoredWorkout] {
        let window = SampleWindow(startingBefore: end, endingFrom: start)
        return try await guarded {
            try await client.withConnection { try await fetchWorkoutSamples(of: user, in: window, on: $0) }
        }
    }

    /// The user's whole workout samples in `window` (its start bound aside), oldest start first.
    func fetchWorkoutSamples(of user: ServerUser, in window: SampleWindow,
                             on connection: PostgresConnection) async throws -> [StoredWorkout] {
        var workouts: [StoredWorkout] = []
        for try await (uuid, start, end, json) in try await connection.query("""
            SELECT uuid, start_time, end_time, sample FROM workout_samples
            WHERE user_id = \(user.id) AND start_time < \(window.startBefore) AND end_time >= \(window.endFrom)
            ORDER BY start_time, uuid
            """, logger: logger).decode((UUID, Double, Double, String).self) {
            workouts.append(StoredWorkout(uuid: uuid, start: Date(timeIntervalSince1970: start),
                                          end: Date(timeIntervalSince1970: end), json: json))
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
    func fetchWorkoutRecords(of user: ServerUser, startingBefore end: Date,
                             on connection: PostgresConnection) async throws -> [WorkoutRecord] {
        var workouts: [WorkoutRecord] = []
        for try await (id, day, source, type, minutes, calories, distance, start, end) in try await connection.query("""
            SELECT external_id, date::text, source, type, duration_minutes, calories, distance, start_time, end_time
            FROM workout_records WHERE user_id = \(user.id) AND start_time < \(end) ORDER BY start_time, external_id
            """, logger: logger).decode((String, String, String, String, Double, Double?, Double?, Date, Date?).self) {
            guard let date = try? LocalDate(parsing: day),
                  let source = HealthSyncRequest.DataSource(rawValue: source) else { continue }
            workouts.append(WorkoutRecord(externalId: id, date: date, source: source, type: type,
                                          durationMinutes: minutes, calories: calories, distance: distance,
                                          startTime: start, endTime: end))
        }
        return workouts
    }

    public func routes(of user: ServerUser, workout uuid: UUID) async throws -> [StoredRoute] {
        try await guarded { try await client.withConnection { try await fetchRoutes(of: user, workout: uuid, on: $0) } }
    }

    /// The routes of the user's workout with `uuid` (of every workout when nil), by workout and
    /// index, each route's points by time.
    func fetchRoutes(of user: ServerUser, workout uuid: UUID?,
                     on connection: PostgresConnection) async throws -> [StoredRoute] {
        let columns = """
            SELECT workout_uuid, route, time, latitude, longitude, altitude, speed, course, horizontal_accuracy,
                vertical_accuracy FROM route_points
            """
        let order = "ORDER BY workout_uuid, route, time, position"
        let rows = if let uuid {
            try await connection.query("""
                \(unescaped: columns) WHERE user_id = \(user.id) AND workout_uuid = \(uuid) \(unescaped: order)
                """, logger: logger)
        } else {
            try await connection.query("\(unescaped: columns) WHERE user_id = \(user.id) \(unescaped: order)",
                                       logger: logger)
        }
        var routes: [StoredRoute] = []
        for try await (workout, index, time, latitude, longitude, altitude, speed, course, horizontal, vertical)
            in rows.decode((UUID, Int, Double, Double, Double, Double?, Double?, Double?, Double?, Double?).self) {
            if routes.last?.workout != workout || routes.last?.index != index {
                routes.append(StoredRoute(workout: workout, index: index, points: []))
            }
            routes[routes.count - 1].points.append(RoutePoint(
                time: Date(timeIntervalSince1970: time), latitude: latitude, longitude: longitude, altitude: altitude,
                speed: speed, course: course, horizontalAccuracy: horizontal, verticalAccuracy: vertical))
        }
        return routes
    }

    public func activitySummaries(of user: ServerUser, in days: ClosedRange<LocalDate>?) async throws
        -> [ActivitySummary] {
        try await guarded {
            try await client.withConnection { try await fetchActivitySummaries(of: user, in: days, on: $0) }
        }
    }

    /// The user's activity summaries of the days in `days` (all when nil), oldest day first.
    func fetchActivitySummaries(of user: ServerUser, in days: ClosedRange<LocalDate>?,
                                on connection: PostgresConnection) async throws -> [ActivitySummary] {
        let (first, last) = ActivitySummaryJSON.bounds(days)
        var summaries: [ActivitySummary] = []
        for try await details in try await connection.query("""
            SELECT details FROM activity_summaries WHERE user_id = \(user.id)
            AND date COLLATE "C" >= \(first) AND date COLLATE "C" <= \(last)
            ORDER BY date
            """, logger: logger).decode(String.self) {
            if let summary = ActivitySummaryJSON.decode(details) { summaries.append(summary) }
        }
        return summaries
    }
}
