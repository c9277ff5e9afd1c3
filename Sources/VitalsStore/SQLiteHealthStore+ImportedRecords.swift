public import Foundation
import GRDB
public import VitalsCore

/// What an export import stores beside samples: workout routes, HRV beats, activity summaries, characteristics.
extension SQLiteHealthStore {
    /// Route points of a workout, by route then time.
    public func route(ofWorkout uuid: UUID) async throws -> [[RoutePoint]] {
        try await read { db in
            var routes: [Int: [RoutePoint]] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT r.route, r.time, r.latitude, r.longitude, r.altitude, r.speed, r.course, r.horizontal_accuracy,
                           r.vertical_accuracy FROM route_points r JOIN samples s ON s.id = r.workout_id
                    WHERE s.uuid = ? ORDER BY r.route, r.time
                    """, arguments: [uuid])
            {
                routes[row[0], default: []].append(
                    RoutePoint(
                        time: Date(timeIntervalSince1970: row[1]), latitude: row[2], longitude: row[3],
                        altitude: row[4],
                        speed: row[5], course: row[6], horizontalAccuracy: row[7], verticalAccuracy: row[8]))
            }
            return routes.keys.sorted().map { routes[$0]! }
        }
    }

    /// The beat-to-beat readings stored with an HRV sample.
    public func heartbeats(ofSample uuid: UUID) async throws -> [Heartbeat] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT h.bpm, h.time FROM heartbeats h JOIN samples s ON s.id = h.sample_id
                    WHERE s.uuid = ? ORDER BY h.position
                    """, arguments: [uuid]
            ).map { Heartbeat(beatsPerMinute: $0[0], time: Date(timeIntervalSince1970: $0[1])) }
        }
    }

    /// Stored activity summaries, by date.
    public func activitySummaries() async throws -> [ActivitySummary] {
        let rows = try await read { db in
            try String.fetchAll(db, sql: "SELECT details FROM activity_summaries ORDER BY date")
        }
        return try rows.map { try JSONDecoder().decode(ActivitySummary.self, from: Data($0.utf8)) }
    }

    /// Stored characteristics (`HKCharacteristicTypeIdentifierDateOfBirth` → `1980-01-01`, ...).
    public func characteristics() async throws -> [String: String] {
        try await read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM characteristics").map {
                    ($0[0], $0[1])
                })
        }
    }
}
