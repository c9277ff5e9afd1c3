import Foundation
import PostgresNIO
import VitalsCore
import VitalsServerStorage

/// Whole workout samples, routes and activity summaries (`server-v3-full-records`).
extension PostgresWriteTransaction {
    /// Rows per statement of the chunked inserts.
    static let rowsPerStatement = 5_000

    nonisolated(nonsending) func insert(_ workouts: [StoredWorkout]) async throws -> [Int] {
        var added: [Int] = []
        var offset = 0
        while offset < workouts.count {
            let chunk = workouts[offset..<min(workouts.count, offset + Self.rowsPerStatement)]
            offset += chunk.count
            var offsets: [UUID: Int] = [:]
            for index in chunk.indices where offsets[chunk[index].uuid] == nil { offsets[chunk[index].uuid] = index }
            let rows = try await connection.query(
                """
                INSERT INTO workout_samples (user_id, uuid, start_time, end_time, sample)
                SELECT \(user.id), u, s, e, j FROM UNNEST(\(chunk.map(\.uuid))::uuid[],
                    \(chunk.map(\.start.timeIntervalSince1970))::float8[], \(chunk.map(\.end.timeIntervalSince1970))::float8[],
                    \(chunk.map(\.json))::text[]) AS x(u, s, e, j)
                ON CONFLICT DO NOTHING RETURNING uuid
                """, logger: logger)
            for try await uuid in rows.decode(UUID.self) {
                if let index = offsets[uuid] { added.append(index) }
            }
        }
        return added.sorted()
    }

    /// Inserts the points in chunks of one statement each; a missing optional value travels as
    /// NaN (no GPS reading is NaN) and is stored as NULL.
    nonisolated(nonsending) func insert(_ routes: [StoredRoute]) async throws -> Int {
        struct Row {
            var workout: UUID, route: Int, position: Int, point: RoutePoint
        }
        let rows = routes.flatMap { route in
            route.points.enumerated().map { Row(workout: route.workout, route: route.index, position: $0, point: $1) }
        }
        var added = 0
        var offset = 0
        while offset < rows.count {
            let chunk = rows[offset..<min(rows.count, offset + Self.rowsPerStatement)]
            offset += chunk.count
            func values(_ value: (RoutePoint) -> Double?) -> [Double] { chunk.map { value($0.point) ?? .nan } }
            for try await count in try await connection.query(
                """
                WITH added AS (
                    INSERT INTO route_points (user_id, workout_uuid, route, position, time, latitude, longitude, altitude,
                        speed, course, horizontal_accuracy, vertical_accuracy)
                    SELECT \(user.id), w, r, p, t, la, lo, NULLIF(al, 'NaN'), NULLIF(sp, 'NaN'), NULLIF(co, 'NaN'),
                        NULLIF(ha, 'NaN'), NULLIF(va, 'NaN')
                    FROM UNNEST(\(chunk.map(\.workout))::uuid[], \(chunk.map(\.route))::int8[],
                        \(chunk.map(\.position))::int8[], \(chunk.map(\.point.time.timeIntervalSince1970))::float8[],
                        \(chunk.map(\.point.latitude))::float8[], \(chunk.map(\.point.longitude))::float8[],
                        \(values(\.altitude))::float8[], \(values(\.speed))::float8[], \(values(\.course))::float8[],
                        \(values(\.horizontalAccuracy))::float8[], \(values(\.verticalAccuracy))::float8[])
                        AS x(w, r, p, t, la, lo, al, sp, co, ha, va)
                    ON CONFLICT DO NOTHING RETURNING 1
                ) SELECT COUNT(*) FROM added
                """, logger: logger
            ).decode(Int.self) {
                added += count
            }
        }
        return added
    }

    nonisolated(nonsending) func upsert(_ summaries: [ActivitySummary]) async throws -> Int {
        var written = 0
        for summary in summaries {
            for try await _ in try await connection.query(
                """
                INSERT INTO activity_summaries (user_id, date, details)
                VALUES (\(user.id), \(summary.date), \(ActivitySummaryJSON.encode(summary)))
                ON CONFLICT (user_id, date) DO UPDATE SET details = excluded.details
                WHERE activity_summaries.details IS DISTINCT FROM excluded.details
                RETURNING 1
                """, logger: logger)
            {
                written += 1
            }
        }
        return written
    }
}
